import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnection } from '../../server/database/connection';
import { createMissingSystemTables } from '../../server/database/migrations/20261121000000_system_tables';
import {
  normaliseUserEmails,
  type EmailCollision,
} from '../../server/database/migrations/20261123000000_user_emails';
import { createTestDatabase, testVendors, type TestDatabase } from '../helpers/databases';
import { projectCaller, startTestServer, type TestServer } from '../helpers/server';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp';

/**
 * Threat: an editor takes another user's address in another spelling (`Victim@Example.com`), after
 * which the real owner cannot sign in and the address signs in as the editor. Emails are unique
 * and matched case-insensitively: normalised on every write, looked up without regard to case.
 */
describe.each(testVendors)('email case collisions (%s)', (vendor) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let admin: ReturnType<typeof projectCaller>;
  let victim: number;
  let editor: number;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(vendor, {
      config: { loginRateLimit: 10_000, mail: { smtpUrl: smtp.url, from: 'Octavo <octavo@example.com>' } },
    });
    const token = await server.login();
    admin = projectCaller(server.inject, () => ({ authorization: `Bearer ${token}` }));
    const role = (await admin.call('POST', '/roles', { name: 'Editors' })).body.data.id;
    const created = await admin.call('POST', '/users', {
      email: '  Victim@Example.COM ',
      password: 'victim password 1',
      role,
      status: 'active',
      first_name: 'Vic',
      last_name: 'Tim',
    });
    expect(created.body.error).toBeUndefined();
    victim = created.body.data.id;
    editor = (
      await admin.call('POST', '/users', {
        email: 'editor@example.com',
        password: 'editor password 1',
        role,
        status: 'active',
        first_name: 'Ed',
        last_name: 'Itor',
      })
    ).body.data.id;
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const signIn = (email: string, password: string) =>
    server.inject({ method: 'POST', url: '/test/auth/authenticate', payload: { email, password } });

  it('stores emails trimmed and in lower case', async () => {
    const row = await server.project.knex('directus_users').where('id', victim).first('email');
    expect(row.email).toBe('victim@example.com');
  });

  it("refuses an editor taking another user's address in another spelling (409 code 204)", async () => {
    const editorToken = await server.login('editor@example.com', 'editor password 1');
    const res = await server.inject({
      method: 'PATCH',
      url: '/test/users/me',
      headers: { authorization: `Bearer ${editorToken}` },
      payload: { email: 'Victim@Example.com' },
    });
    expect([res.statusCode, res.json().error?.code]).toEqual([409, 204]);
    const row = await server.project.knex('directus_users').where('id', editor).first('email');
    expect(row.email).toBe('editor@example.com');
    // Nor can an administrator create a second account for it.
    const again = await admin.call('POST', '/users', {
      email: 'VICTIM@example.com',
      status: 'active',
      first_name: 'A',
      last_name: 'B',
    });
    expect([again.status, again.body.error.code]).toEqual([409, 204]);
  });

  it('signs the owner in with any spelling, and never the editor with the victim address', async () => {
    const owner = await signIn('VICTIM@EXAMPLE.COM', 'victim password 1');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.user.id).toBe(victim);
    const intruder = await signIn('victim@example.com', 'editor password 1');
    expect(intruder.statusCode).not.toBe(200);
  });

  it('finds the owner for a password reset in any spelling', async () => {
    const arriving = smtp.next();
    const res = await server.inject({
      method: 'POST',
      url: '/test/auth/password/request',
      payload: { email: 'VICTIM@Example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect((await arriving).to).toEqual(['victim@example.com']);
  });

  it('stores invited emails in lower case and invites no second account for a known address', async () => {
    const res = await admin.call('POST', '/users/invite', {
      email: ['New.Person@Example.com', 'VICTIM@example.com'],
    });
    expect(res.status).toBe(200);
    const emails = (await server.project.knex('directus_users').orderBy('id').select('email')).map(
      (row: { email: string }) => row.email,
    );
    expect(emails.filter((email: string) => email.toLowerCase() === 'victim@example.com')).toEqual([
      'victim@example.com',
    ]);
    expect(emails).toContain('new.person@example.com');
  });

  it('normalises an own email change', async () => {
    const res = await admin.call('PATCH', `/users/${editor}`, { email: ' Editor.New@Example.com' });
    expect(res.status).toBe(200);
    expect(res.body.data.email).toBe('editor.new@example.com');
    expect((await signIn('EDITOR.NEW@example.com', 'editor password 1')).statusCode).toBe(200);
  });
});

describe.each(testVendors)('email migration (%s)', (vendor) => {
  let database: TestDatabase;
  let knex: Knex;

  beforeAll(async () => {
    database = await createTestDatabase(vendor);
    knex = createConnection(database.config, database.dataDir);
    await createMissingSystemTables(knex);
  });
  afterAll(async () => {
    await knex?.destroy();
    await database?.drop();
  });

  it('normalises emails without a collision and reports collisions without choosing a winner', async () => {
    await knex('directus_users').insert({ email: 'victim@example.com', status: 'active' });
    await knex('directus_users').insert({ email: 'Mixed@Example.COM', status: 'active' });
    if (vendor === 'mysql') {
      // MySQL's collation already compares emails case-insensitively: no collision can exist.
      await expect(
        knex('directus_users').insert({ email: 'Victim@Example.com', status: 'active' }),
      ).rejects.toThrow();
    } else {
      await knex('directus_users').insert({ email: 'Victim@Example.com', status: 'active' });
    }
    const reported: EmailCollision[][] = [];
    const collisions = await normaliseUserEmails(knex, (list) => reported.push(list));
    const emails = (await knex('directus_users').orderBy('id').select('email')).map(
      (row: { email: string }) => row.email,
    );
    if (vendor === 'mysql') {
      expect(collisions).toEqual([]);
      expect(reported).toEqual([]);
      expect(emails).toEqual(['victim@example.com', 'mixed@example.com']);
    } else {
      expect(collisions).toEqual([
        {
          email: 'victim@example.com',
          users: [
            { id: 1, email: 'victim@example.com' },
            { id: 3, email: 'Victim@Example.com' },
          ],
        },
      ]);
      expect(reported).toEqual([collisions]);
      expect(emails).toEqual(['victim@example.com', 'mixed@example.com', 'Victim@Example.com']);
    }
    // Runs again without harm.
    await normaliseUserEmails(knex, () => {});
  });
});
