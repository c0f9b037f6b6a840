import type { Knex } from 'knex';
import type { Migration } from './index';

export interface EmailCollision {
  /** The address in its stored, normalised form (trimmed, lower case). */
  email: string;
  users: Array<{ id: number; email: string }>;
}

/**
 * Emails are unique and compared case-insensitively (stored trimmed and lower case). This brings
 * older data there: an email with no other spelling in the table is normalised; where several
 * users hold spellings of one address (possible on PostgreSQL and SQLite, whose comparisons are
 * case-sensitive) nothing is changed — which account is the real one is not for the server to
 * guess — and the collision is reported. Sign-in then prefers the exact spelling, and every write
 * refuses a new collision (409 code 204). The migration never fails on collisions.
 */
export async function normaliseUserEmails(
  knex: Knex,
  report: (collisions: EmailCollision[]) => void = warn,
): Promise<EmailCollision[]> {
  const rows = (await knex('directus_users').select('id', 'email').orderBy('id')) as Array<{
    id: number;
    email: string | null;
  }>;
  const groups = new Map<string, Array<{ id: number; email: string }>>();
  for (const row of rows) {
    if (typeof row.email !== 'string') continue;
    const key = row.email.trim().toLowerCase();
    const group = groups.get(key) ?? [];
    group.push({ id: Number(row.id), email: row.email });
    groups.set(key, group);
  }
  const collisions: EmailCollision[] = [];
  for (const [email, users] of groups) {
    if (users.length > 1) {
      collisions.push({ email, users });
      continue;
    }
    if (users[0].email !== email) await knex('directus_users').where('id', users[0].id).update({ email });
  }
  if (collisions.length > 0) report(collisions);
  return collisions;
}

function warn(collisions: EmailCollision[]): void {
  const lines = collisions.map(
    (c) => `  ${c.email}: ${c.users.map((u) => `user #${u.id} "${u.email}"`).join(', ')}`,
  );
  console.warn(
    [
      `[octavo] ${collisions.length} email address(es) are held by several users in different spellings.`,
      'Emails are matched case-insensitively; these were left unchanged. Sign-in uses the exact',
      'spelling, else the oldest account. Give each of these users an address of its own:',
      ...lines,
    ].join('\n'),
  );
}

export const userEmails: Migration = {
  name: '20261123000000_user_emails',
  async up(knex) {
    await normaliseUserEmails(knex);
  },
};
