import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testVendors } from '../helpers/databases';
import { ADMIN, startTestServer, type TestServer } from '../helpers/server';
import { cookiePair } from '../server/auth-helpers';
import { createItemsFixture, grant } from '../server/items-helpers';

const COOKIE = 'directus-test-session';
const FORM = 'application/x-www-form-urlencoded';
const EVIL = 'https://evil.example';
const CONFIGURED = 'https://app.example.com';
/** Light-my-request's default Host is `localhost:80`: the request's own origin. */
const SAME = 'http://localhost';

const credentials = `email=${encodeURIComponent(ADMIN.email)}&password=${encodeURIComponent(ADMIN.password)}`;

/**
 * Threat: a foreign page submits a form to the API. With cookie-mode sign-in it signs the
 * victim's browser into the attacker's account (login CSRF); with the victim's session cookie it
 * writes as the victim. Requests that act through the session cookie must be JSON (which a
 * foreign page cannot send without a CORS preflight) or come from an allowed origin.
 */
describe.each(testVendors)('login and cookie CSRF (%s)', (vendor) => {
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    server = await startTestServer(vendor, {
      config: { loginRateLimit: 10_000, corsOrigin: [CONFIGURED] },
    });
    await createItemsFixture(server);
    const res = await server.inject({
      method: 'POST',
      url: '/test/auth/authenticate',
      payload: { email: ADMIN.email, password: ADMIN.password, mode: 'cookie' },
    });
    cookie = cookiePair(res, COOKIE)!;
    expect(cookie).toBeTruthy();
  });
  afterAll(() => server?.close());

  const formSignIn = (headers: Record<string, string>, mode = 'cookie') =>
    server.inject({
      method: 'POST',
      url: '/test/auth/authenticate',
      headers: { 'content-type': FORM, ...headers },
      payload: `${credentials}&mode=${mode}`,
    });

  it('a form-encoded cookie-mode sign-in from a foreign origin (or none) is refused, no cookie set', async () => {
    const cases: Record<string, string>[] = [
      { origin: EVIL },
      { origin: 'null' },
      { referer: `${EVIL}/page` },
      {},
    ];
    for (const headers of cases) {
      const res = await formSignIn(headers);
      expect([res.statusCode, res.json().error.code], JSON.stringify(headers)).toEqual([403, 10]);
      expect(cookiePair(res, COOKIE)).toBeUndefined();
    }
  });

  it('cookie-mode sign-in from the same origin, a configured origin, or as JSON still works', async () => {
    for (const origin of [SAME, CONFIGURED, 'http://octavo.test']) {
      const res = await formSignIn({ origin });
      expect(res.statusCode, origin).toBe(200);
      expect(cookiePair(res, COOKIE)).toBeTruthy();
    }
    const json = await server.inject({
      method: 'POST',
      url: '/test/auth/authenticate',
      headers: { origin: SAME },
      payload: { email: ADMIN.email, password: ADMIN.password, mode: 'cookie' },
    });
    expect(json.statusCode).toBe(200);
  });

  it('JWT sign-in is not affected (it sets no cookie)', async () => {
    const res = await formSignIn({ origin: EVIL }, 'jwt');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.token).toBeTruthy();
  });

  it('writes carried by the session cookie need JSON or an allowed origin', async () => {
    const form = (headers: Record<string, string>) =>
      server.inject({
        method: 'POST',
        url: '/test/items/notes',
        headers: { cookie, 'content-type': FORM, ...headers },
        payload: 'title=forged',
      });
    const cases: Record<string, string>[] = [
      { origin: EVIL },
      {},
      { 'content-type': 'text/plain', origin: EVIL },
    ];
    for (const headers of cases) {
      const res = await form(headers);
      expect([res.statusCode, res.json().error.code], JSON.stringify(headers)).toEqual([403, 10]);
    }
    expect(await server.project.knex('notes').where('title', 'forged').first()).toBeUndefined();
    // A body-less write from a foreign origin (fetch with no-cors) is refused too.
    const del = await server.inject({
      method: 'DELETE',
      url: '/test/items/notes/1',
      headers: { cookie, origin: EVIL },
    });
    expect([del.statusCode, del.json().error.code]).toEqual([403, 10]);
    // The admin app: same origin, form or JSON.
    expect((await form({ origin: SAME })).statusCode).toBe(200);
    const json = await server.inject({
      method: 'POST',
      url: '/test/items/notes',
      headers: { cookie, origin: SAME },
      payload: { title: 'from the app' },
    });
    expect(json.statusCode).toBe(200);
    // Reads are not writes.
    const read = await server.inject({
      method: 'GET',
      url: '/test/items/notes',
      headers: { cookie, origin: EVIL },
    });
    expect(read.statusCode).toBe(200);
  });

  it('bearer-token and anonymous callers are not affected', async () => {
    const token = await server.login();
    const bearer = await server.inject({
      method: 'POST',
      url: '/test/items/notes',
      headers: { authorization: `Bearer ${token}`, 'content-type': FORM, origin: EVIL },
      payload: 'title=by%20token',
    });
    expect(bearer.statusCode).toBe(200);
    await grant(server.project.knex, 2, 'notes', { create: 'full', read: 'full' });
    const anonymous = await server.inject({
      method: 'POST',
      url: '/test/items/notes',
      headers: { 'content-type': FORM, origin: EVIL },
      payload: 'title=anonymous',
    });
    expect(anonymous.statusCode).toBe(200);
  });
});
