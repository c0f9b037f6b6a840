import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testVendors } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import catalogue from '../../schemas/errors.json' with { type: 'json' };

/** Endpoints that take a JSON body (a `things` collection and file 1 exist). */
const ENDPOINTS: Array<[string, string]> = [
  ['POST', '/test/auth/authenticate'],
  ['POST', '/test/auth/refresh'],
  ['POST', '/test/auth/password/request'],
  ['POST', '/test/auth/password/reset'],
  ['POST', '/test/auth/sso/access_token'],
  ['POST', '/test/utils/hash'],
  ['POST', '/test/utils/hash/match'],
  ['POST', '/test/utils/random/string'],
  ['POST', '/test/mail'],
  ['POST', '/test/users/invite'],
  ['PATCH', '/test/users/me/tracking/page'],
  ['POST', '/test/users/me/activate_2fa'],
  ['POST', '/test/users'],
  ['PATCH', '/test/users'],
  ['PATCH', '/test/users/1'],
  ['POST', '/test/roles'],
  ['PATCH', '/test/roles/1'],
  ['POST', '/test/permissions'],
  ['POST', '/test/collection_presets'],
  ['PATCH', '/test/settings/1'],
  ['POST', '/test/folders'],
  ['POST', '/test/webhooks'],
  ['POST', '/test/files'],
  ['PATCH', '/test/files/1'],
  ['POST', '/test/activity/comment'],
  ['PATCH', '/test/activity/comment/1'],
  ['POST', '/test/collections'],
  ['PATCH', '/test/collections/directus_users'],
  ['POST', '/test/fields/directus_users'],
  ['PATCH', '/test/fields/directus_users'],
  ['PATCH', '/test/fields/directus_users/email'],
  ['POST', '/test/relations'],
  ['PATCH', '/test/relations/1'],
  ['POST', '/test/items/things'],
  ['PATCH', '/test/items/things'],
  ['PATCH', '/test/items/things/1'],
  ['POST', '/server/projects'],
];

const BODIES: Array<[string, string]> = [
  ['a list', '[1,2]'],
  ['a text', '"text"'],
  ['a number', '42'],
  ['null', 'null'],
  ['broken JSON', '{"a":'],
];

/** Endpoints that read one object with the shared helper: 400 code 13 for anything else. */
const OBJECT_ONLY = ENDPOINTS.filter(([, url]) =>
  /\/(auth|utils|mail|users\/invite|users\/me|activity\/comment)/.test(url),
);

const known = new Set(catalogue.errors.map((entry) => `${entry.status} ${entry.code}`));

describe.each(testVendors)('request bodies of the wrong shape (%s)', (vendor) => {
  let server: TestServer;
  let headers: Record<string, string>;
  const send = (method: string, url: string, payload: string) =>
    server.inject({ method: method as 'POST', url, headers, payload });

  beforeAll(async () => {
    server = await startTestServer(vendor, { config: { loginRateLimit: 10_000 } });
    headers = { authorization: `Bearer ${await server.login()}`, 'content-type': 'application/json' };
    const collection = await send(
      'POST',
      '/test/collections',
      JSON.stringify({
        collection: 'things',
        fields: [
          {
            field: 'id',
            type: 'integer',
            datatype: 'INT',
            interface: 'primary-key',
            primary_key: true,
            auto_increment: true,
          },
          { field: 'name', type: 'string', datatype: 'VARCHAR', length: 50, interface: 'text-input' },
        ],
      }),
    );
    expect(collection.statusCode).toBe(200);
    const file = await send(
      'POST',
      '/test/files',
      JSON.stringify({ data: Buffer.from('hello').toString('base64'), filename_download: 'hello.txt' }),
    );
    expect(file.json().data.id).toBe(1);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answer with a catalogue error (its code and its status), never a 500', async () => {
    const failures: string[] = [];
    for (const [method, url] of ENDPOINTS) {
      for (const [name, payload] of BODIES) {
        const res = await send(method, url, payload);
        const code = res.body ? res.json().error?.code : undefined;
        if (!known.has(`${res.statusCode} ${code}`) || res.statusCode >= 500) {
          failures.push(`${method} ${url} with ${name}: ${res.statusCode} ${res.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answer 400 code 13 where one object is expected', async () => {
    const answers = new Set<string>();
    for (const [method, url] of OBJECT_ONLY) {
      for (const [, payload] of BODIES) {
        const res = await send(method, url, payload);
        answers.add(`${res.statusCode} ${res.json().error?.code}`);
      }
    }
    expect([...answers]).toEqual(['400 13']);
    // A list of files at once is its own error; no body at all is an empty payload.
    const list = await send('POST', '/test/files', '[{"data":"aGVsbG8="}]');
    expect([list.statusCode, list.json().error.code]).toEqual([400, 15]);
    const empty = await server.inject({ method: 'POST', url: '/test/utils/hash', headers });
    expect([empty.statusCode, empty.json().error.code]).toEqual([400, 13]);
  });
});
