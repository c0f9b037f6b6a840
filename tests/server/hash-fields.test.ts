import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testVendors } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { api, type Api } from './schema-helpers';

/**
 * Hash fields (hashed and password interfaces, schema-v8 §4.2): the server hashes on write with
 * the field's `hashingType` (argon2id by default) and never sends the hash back unless `showHash`.
 */
describe.each(testVendors)('hash fields (%s)', (vendor) => {
  let server: TestServer;
  let a: Api;

  const hashField = (field: string, options: Record<string, unknown> | null) => ({
    field,
    type: 'hash',
    datatype: 'VARCHAR',
    length: 255,
    interface: 'hashed',
    options,
  });

  beforeAll(async () => {
    server = await startTestServer(vendor);
    a = api(server, await server.login());
    const res = await a.post('/collections', {
      collection: 'vault',
      fields: [
        { field: 'id', type: 'integer', datatype: 'INT', primary_key: true, auto_increment: true },
        hashField('plain_default', null),
        hashField('shown_core', { showHash: true }),
        hashField('shown_md5', { showHash: true, hashingType: 'md5' }),
        hashField('shown_sha256', { showHash: true, hashingType: 'sha256' }),
        hashField('shown_bcrypt', { showHash: true, hashingType: 'bcrypt' }),
        hashField('hidden_sha1', { hashingType: 'sha1' }),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => server?.close());

  it('hashes with the field hashingType and shows the hash only where showHash is on', async () => {
    const created = await a.post('/items/vault', {
      plain_default: 'one',
      shown_core: 'two',
      shown_md5: 'three',
      shown_sha256: 'four',
      shown_bcrypt: 'five',
      hidden_sha1: 'six',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id;
    for (const answer of [created.json().data, (await a.get(`/items/vault/${id}`)).json().data]) {
      expect(answer).not.toHaveProperty('plain_default');
      expect(answer).not.toHaveProperty('hidden_sha1');
      expect(answer.shown_core).toMatch(/^\$argon2id\$/);
      expect(answer.shown_md5).toBe(createHash('md5').update('three').digest('hex'));
      expect(answer.shown_sha256).toBe(createHash('sha256').update('four').digest('hex'));
      expect(answer.shown_bcrypt).toMatch(/^\$2y\$10\$/);
    }
    // What is stored: never the plain text; each column with its own hasher.
    const row = await server.project.knex('vault').where({ id }).first();
    expect(row.plain_default).toMatch(/^\$argon2id\$/);
    expect(row.hidden_sha1).toBe(createHash('sha1').update('six').digest('hex'));

    // The stored hashes match their text through /utils/hash/match with the same hasher.
    const match = async (hash: string, string: string, hasher?: string) =>
      (await a.post('/utils/hash/match', { string, hash, hasher })).json().data.valid;
    expect(await match(row.plain_default, 'one')).toBe(true);
    expect(await match(row.plain_default, 'wrong')).toBe(false);
    expect(await match(row.shown_bcrypt, 'five', 'bcrypt')).toBe(true);
    expect(await match(row.hidden_sha1, 'six', 'sha1')).toBe(true);
    expect(await match(row.hidden_sha1, 'six', 'md5')).toBe(false);
  });

  it('never sends the hashes of directus_users.password, whatever the field options say', async () => {
    const me = (await a.get('/users/me')).json().data;
    expect(me).not.toHaveProperty('password');
    const list = (await a.get('/users?fields=*')).json().data;
    expect(list.every((user: Record<string, unknown>) => !('password' in user))).toBe(true);
  });

  it('refuses an unknown hashingType instead of storing plain text', async () => {
    const field = await a.post('/fields/vault', hashField('odd', { hashingType: 'rot13' }));
    expect(field.statusCode, field.body).toBe(200);
    const res = await a.post('/items/vault', { odd: 'secret' });
    expect(res.statusCode).toBe(422);
    expect(await server.project.knex('vault').where({ odd: 'secret' }).first()).toBeUndefined();
  });
});
