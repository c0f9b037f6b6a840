import type { Knex } from 'knex';
import { ApiError } from '../errors';
import type { Item } from '../query/execute-read';
import { recordActivity } from './activity';
import { emailTaken, normaliseEmail } from './auth-users';
import { fileHooks } from './files';
import { registerItemsHooks, type HookContext, type PrimaryKey } from './items';
import { validationPattern } from './payload';
import { readSettings } from './settings';
import { hashStaticToken, looksLikeJwt } from './tokens';
import { presentedSessionHash } from './sessions';

/**
 * The per-collection behaviour of the system collections (api-v8 §2.10, §2.13–2.18, §6.6), run
 * by the items engine inside the write's transaction for root and nested writes alike.
 */

const ADMIN_ROLE = 1;
const PUBLIC_ROLE = 2;

type Levels = [create: string, read: string, update: string, del: string, comment: string, explain: string];

/** The rows every new role gets (api-v8 §6.6). */
const DEFAULT_PERMISSIONS: Array<{ collection: string; status?: string; levels: Levels }> = [
  { collection: 'directus_activity', levels: ['full', 'mine', 'none', 'none', 'update', 'none'] },
  { collection: 'directus_collection_presets', levels: ['full', 'full', 'mine', 'mine', 'none', 'none'] },
  { collection: 'directus_collections', levels: ['none', 'full', 'none', 'none', 'none', 'none'] },
  { collection: 'directus_fields', levels: ['none', 'full', 'none', 'none', 'none', 'none'] },
  { collection: 'directus_files', levels: ['full', 'full', 'full', 'full', 'none', 'none'] },
  { collection: 'directus_folders', levels: ['full', 'full', 'full', 'full', 'none', 'none'] },
  { collection: 'directus_permissions', levels: ['none', 'mine', 'none', 'none', 'none', 'none'] },
  { collection: 'directus_relations', levels: ['none', 'full', 'none', 'none', 'none', 'none'] },
  { collection: 'directus_revisions', levels: ['full', 'full', 'none', 'none', 'none', 'none'] },
  { collection: 'directus_roles', levels: ['none', 'mine', 'none', 'none', 'none', 'none'] },
  { collection: 'directus_settings', levels: ['none', 'full', 'none', 'none', 'none', 'none'] },
  {
    collection: 'directus_users',
    status: 'active',
    levels: ['none', 'full', 'mine', 'mine', 'none', 'none'],
  },
  ...['deleted', 'draft', 'invited', 'suspended'].map((status) => ({
    collection: 'directus_users',
    status,
    levels: ['none', 'none', 'none', 'none', 'none', 'none'] as Levels,
  })),
];

export function defaultPermissionRows(role: number): Array<Record<string, unknown>> {
  return DEFAULT_PERMISSIONS.map(({ collection, status, levels }) => ({
    collection,
    role,
    status: status ?? null,
    create: levels[0],
    read: levels[1],
    update: levels[2],
    delete: levels[3],
    comment: levels[4],
    explain: levels[5],
  }));
}

function invalid(field: string, reason: string): ApiError {
  return new ApiError('INVALID_REQUEST', `${field}: ${reason}`);
}

function has(payload: Item, field: string): boolean {
  return Object.prototype.hasOwnProperty.call(payload, field);
}

/** A key sent as a value or as a related object `{id}`. */
function keyValue(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return (value as Item).id;
  return value;
}

function sameKey(a: unknown, b: unknown): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return a == b;
  return String(a) === String(b);
}

/* ---------------------------------------------------------------- roles */

function registerRoleHooks(): void {
  registerItemsHooks('directus_roles', {
    async afterCreate(key, _payload, ctx) {
      await ctx.trx('directus_permissions').insert(defaultPermissionRows(Number(key)));
    },
    async beforeDelete(key, existing, ctx) {
      if ([ADMIN_ROLE, PUBLIC_ROLE].includes(Number(key))) {
        throw new ApiError('UNAUTHORIZED', `You are not allowed to delete group [${key}]`);
      }
      // Users are never left without a role: the delete waits until they are moved (Octavo; v8
      // left them with a dangling role id).
      const [{ count }] = (await ctx
        .trx('directus_users')
        .where('role', key)
        .count({ count: '*' })) as Array<{
        count: number | string;
      }>;
      if (Number(count) > 0) {
        const name = typeof existing.name === 'string' ? existing.name : String(key);
        throw new ApiError(
          'UNPROCESSABLE_ENTITY',
          `The role "${name}" still has ${Number(count)} user(s): move them to another role before deleting it`,
        );
      }
    },
    async afterDelete(key, _existing, ctx) {
      await ctx.trx('directus_permissions').where('role', key).delete();
      await ctx.trx('directus_collection_presets').where('role', key).delete();
      await ctx.trx('directus_users').where('role', key).update({ role: null });
    },
  });
}

/* ---------------------------------------------------------------- permissions */

const LEVELS: Record<string, readonly string[]> = {
  create: ['none', 'mine', 'role', 'full'],
  read: ['none', 'mine', 'role', 'full'],
  update: ['none', 'mine', 'role', 'full'],
  delete: ['none', 'mine', 'role', 'full'],
  comment: ['none', 'create', 'update', 'full'],
  explain: ['none', 'create', 'update', 'always'],
};

function checkPermissionRow(payload: Item): void {
  for (const [column, allowed] of Object.entries(LEVELS)) {
    const value = payload[column];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' || !allowed.includes(value)) {
      throw invalid(column, `must be one of ${allowed.join(', ')}`);
    }
  }
  if (has(payload, 'collection') && (typeof payload.collection !== 'string' || payload.collection === '')) {
    throw invalid('collection', 'This value should not be blank.');
  }
}

const PARENT_PREFIX = '$parent:';

/**
 * A `$parent:<field>` row (docs/compatibility.md) must name a many-to-one field of its collection;
 * one that does not would shut the collection for the role, so it is refused when written.
 */
function checkParentRow(status: unknown, collection: unknown, schema: HookContext['schema']): void {
  if (typeof status !== 'string' || !status.startsWith(PARENT_PREFIX)) return;
  const name = status.slice(PARENT_PREFIX.length).trim();
  const field =
    typeof collection === 'string' ? schema.collections.get(collection)?.fields.get(name) : undefined;
  if (field?.relation?.kind !== 'm2o') {
    throw invalid('status', `"${name}" is not a many-to-one field of "${String(collection)}"`);
  }
}

function registerPermissionHooks(): void {
  registerItemsHooks('directus_permissions', {
    beforeCreate(payload, ctx) {
      checkPermissionRow(payload);
      checkParentRow(payload.status, payload.collection, ctx.schema);
      if (payload.role === undefined || payload.role === null)
        throw invalid('role', 'This value should not be blank.');
      if (payload.collection === undefined) throw invalid('collection', 'This value should not be blank.');
    },
    beforeUpdate(_key, payload, existing, ctx) {
      checkPermissionRow(payload);
      if (has(payload, 'status') || has(payload, 'collection'))
        checkParentRow(
          payload.status ?? existing.status,
          payload.collection ?? existing.collection,
          ctx.schema,
        );
    },
  });
}

/* ---------------------------------------------------------------- settings */

/** The Directus type of a setting key (its `directus_fields` row), or null. */
export async function settingType(knex: Knex, key: unknown): Promise<string | null> {
  if (typeof key !== 'string') return null;
  const row = await knex('directus_fields')
    .where({ collection: 'directus_settings', field: key })
    .first('type');
  return row?.type ? String(row.type).toLowerCase() : null;
}

/** Input conversion by setting type (api-v8 §2.17): file → its id, array → CSV, json → JSON text. */
function settingValue(type: string | null, value: unknown): unknown {
  if (value === null || value === undefined || value === '') return null;
  if (type === 'file' && typeof value === 'object' && !Array.isArray(value)) return keyValue(value) ?? null;
  if (type === 'array' && Array.isArray(value)) return value.map(String).join(',');
  if (type === 'json' && typeof value !== 'string') return JSON.stringify(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

function registerSettingsHooks(): void {
  registerItemsHooks('directus_settings', {
    async beforeCreate(payload, ctx) {
      if (typeof payload.key !== 'string' || payload.key.trim() === '')
        throw invalid('key', 'This value should not be blank.');
      if (!has(payload, 'value')) return { ...payload, value: null };
      return { ...payload, value: settingValue(await settingType(ctx.trx, payload.key), payload.value) };
    },
    async beforeUpdate(_key, payload, existing, ctx) {
      if (has(payload, 'key') && (typeof payload.key !== 'string' || payload.key.trim() === ''))
        throw invalid('key', 'This value should not be blank.');
      if (!has(payload, 'value')) return;
      const type = await settingType(ctx.trx, payload.key ?? existing.key);
      return { ...payload, value: settingValue(type, payload.value) };
    },
  });
}

/* ---------------------------------------------------------------- collection presets */

function forbidden(message: string): ApiError {
  return new ApiError('FORBIDDEN', message);
}

function registerPresetHooks(): void {
  registerItemsHooks('directus_collection_presets', {
    beforeCreate(payload, ctx) {
      const who = ctx.accountability;
      if (who.admin) return;
      // Non-admins write their own presets only; role and global presets are the administrators'.
      if (who.user == null) throw forbidden('Only signed-in users can save collection presets');
      const user = has(payload, 'user') ? keyValue(payload.user) : who.user;
      if (!sameKey(user, who.user) || (payload.role !== undefined && payload.role !== null)) {
        throw forbidden('Only administrators can create presets for a role or for everyone');
      }
      return { ...payload, user: who.user };
    },
    beforeUpdate(_key, payload, existing, ctx) {
      const who = ctx.accountability;
      if (who.admin) return;
      // Other users' presets are left to the permission rows (update `mine` covers own ones only).
      if (existing.user === null || existing.user === undefined || (existing.role ?? null) !== null) {
        throw forbidden('Only administrators can change presets of a role or of everyone');
      }
      if (has(payload, 'user') && !sameKey(keyValue(payload.user), who.user))
        throw forbidden('A preset cannot be given to another user');
      if (has(payload, 'role') && payload.role !== null)
        throw forbidden('Only administrators can create presets for a role or for everyone');
    },
    beforeDelete(_key, existing, ctx) {
      const who = ctx.accountability;
      if (who.admin) return;
      if (existing.role !== null && existing.role !== undefined)
        throw forbidden('Cannot delete collection presets that belongs to a role');
      if (existing.user === null || existing.user === undefined)
        throw forbidden('Only administrators can delete presets of everyone');
    },
  });
}

/* ---------------------------------------------------------------- webhooks */

const WEBHOOK_VALUES: Record<string, readonly string[]> = {
  status: ['active', 'inactive'],
  http_action: ['get', 'post'],
  directus_action: ['item.create:after', 'item.update:after', 'item.delete:after'],
};

function checkWebhook(payload: Item, ctx: HookContext): void {
  if (!ctx.accountability.admin) throw new ApiError('UNAUTHORIZED', 'Permission denied: Admin Only');
  for (const [field, allowed] of Object.entries(WEBHOOK_VALUES)) {
    if (has(payload, field) && !allowed.includes(payload[field] as string)) {
      throw invalid(field, `must be one of ${allowed.join(', ')}`);
    }
  }
  if (has(payload, 'url')) {
    const url = URL.canParse(String(payload.url)) ? new URL(String(payload.url)) : null;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
      throw invalid('url', 'must be an http(s) URL');
  }
  if (has(payload, 'collection') && (typeof payload.collection !== 'string' || payload.collection === ''))
    throw invalid('collection', 'This value should not be blank.');
}

function registerWebhookHooks(): void {
  registerItemsHooks('directus_webhooks', {
    beforeCreate(payload, ctx) {
      checkWebhook(payload, ctx);
      return payload.status === undefined ? { ...payload, status: 'inactive' } : payload;
    },
    beforeUpdate(_key, payload, _existing, ctx) {
      checkWebhook(payload, ctx);
    },
    beforeDelete(_key, _existing, ctx) {
      if (!ctx.accountability.admin) throw new ApiError('UNAUTHORIZED', 'Permission denied: Admin Only');
    },
  });
}

/* ---------------------------------------------------------------- folders */

function registerFolderHooks(): void {
  registerItemsHooks('directus_folders', {
    beforeCreate(payload) {
      if (typeof payload.name !== 'string' || payload.name.trim() === '')
        throw invalid('name', 'This value should not be blank.');
    },
    async beforeUpdate(key, payload, _existing, ctx) {
      if (has(payload, 'name') && (typeof payload.name !== 'string' || payload.name.trim() === ''))
        throw invalid('name', 'This value should not be blank.');
      if (!has(payload, 'parent_folder')) return;
      // A folder cannot end up inside itself.
      let parent = keyValue(payload.parent_folder);
      if (parent !== null && parent !== undefined && typeof parent !== 'string' && typeof parent !== 'number')
        throw invalid('parent_folder', 'must be a folder id');
      const seen = new Set<string>();
      while (parent !== null && parent !== undefined) {
        if (sameKey(parent, key)) throw invalid('parent_folder', 'a folder cannot be inside itself');
        if (seen.has(String(parent))) break;
        seen.add(String(parent));
        const row = await ctx.trx('directus_folders').where('id', parent).first('parent_folder');
        parent = row?.parent_folder;
      }
    },
    async beforeDelete(key, _existing, ctx) {
      // Files and subfolders move up to the root rather than pointing at a missing folder.
      await ctx.trx('directus_files').where('folder', key).update({ folder: null });
      await ctx.trx('directus_folders').where('parent_folder', key).update({ parent_folder: null });
    },
  });
}

/* ---------------------------------------------------------------- files */

function registerFileHooks(): void {
  registerItemsHooks('directus_files', fileHooks);
}

/* ---------------------------------------------------------------- users */

async function checkPasswordPolicy(trx: Knex, payload: Item): Promise<void> {
  if (!has(payload, 'password')) return;
  const password = payload.password;
  if (password === null || password === undefined || password === '') return;
  if (typeof password !== 'string') throw invalid('password', 'expected text');
  const policy = (await readSettings(trx)).password_policy;
  if (!policy) return;
  const pattern = validationPattern(policy);
  if (pattern && !pattern.test(password)) {
    throw invalid('password', 'The password does not meet the password policy');
  }
}

/** 500 code 216 when no other active administrator would remain. */
async function assertOtherActiveAdmin(trx: Knex, key: PrimaryKey): Promise<void> {
  const other = await trx('directus_users')
    .where({ role: ADMIN_ROLE, status: 'active' })
    .whereNot('id', key)
    .first('id');
  if (!other) throw new ApiError('FORBIDDEN_LAST_ADMIN');
}

function isActiveAdmin(row: Item): boolean {
  return sameKey(row.role, ADMIN_ROLE) && row.status === 'active';
}

/**
 * The credentials of a user payload: the email normalised (trimmed, lower case) and unique in any
 * spelling (409 code 204); a static token set by administrators only (403) and stored hashed.
 */
async function userCredentials(payload: Item, ctx: HookContext, key?: PrimaryKey): Promise<Item> {
  let next = payload;
  if (has(payload, 'email') && typeof payload.email === 'string') {
    const email = normaliseEmail(payload.email);
    if (email !== '' && (await emailTaken(ctx.trx, email, key))) {
      throw new ApiError('DUPLICATE_ITEM', `Duplicate key "${email}" for collection "directus_users"`);
    }
    next = { ...next, email };
  }
  if (has(payload, 'token')) {
    if (!ctx.accountability.admin) throw forbidden('Only administrators can set static tokens');
    const token = payload.token;
    if (token === null || token === '') next = { ...next, token: null };
    else if (typeof token !== 'string') throw invalid('token', 'expected text');
    else if (looksLikeJwt(token)) throw invalid('token', 'a static token cannot have the shape of a JWT');
    else next = { ...next, token: hashStaticToken(token) };
  }
  return next;
}

/**
 * One's own password, and an existing 2FA secret of one's own, change only with proof (Octavo,
 * docs/compatibility.md): `POST /users/me/password` and `/users/me/deactivate_2fa` check the current
 * password or code and mark the write; a plain PATCH of them answers 403 code 10 (setting a first
 * secret is left to `activate_2fa`, which proves it with a code). A new password of one's own ends one's other
 * sessions; the one making the change stays.
 */
async function ownCredentialsRule(key: PrimaryKey, payload: Item, ctx: HookContext): Promise<void> {
  const who = ctx.accountability;
  if (who.user == null || !sameKey(key, who.user)) return;
  const newPassword = typeof payload.password === 'string' && payload.password !== '';
  let replacesSecret = false;
  if (has(payload, '2fa_secret')) {
    const row = await ctx.trx('directus_users').where('id', key).first('2fa_secret');
    replacesSecret = Boolean(row?.['2fa_secret']);
  }
  if (!newPassword && !replacesSecret) return;
  if (!who.credentialsConfirmed) {
    throw forbidden(
      newPassword
        ? 'Change your own password with POST /users/me/password and the current password'
        : 'Turn your own two-factor authentication off with POST /users/me/deactivate_2fa',
    );
  }
  if (newPassword) {
    const others = ctx.trx('directus_user_sessions').where('user', key);
    const current = presentedSessionHash(who);
    if (current) others.whereNot('token', current);
    await others.delete();
  }
}

function registerUserHooks(): void {
  registerItemsHooks('directus_users', {
    async beforeCreate(payload, ctx) {
      if (!ctx.accountability.admin && sameKey(keyValue(payload.role), ADMIN_ROLE)) {
        throw forbidden('Only administrators can create administrators');
      }
      await checkPasswordPolicy(ctx.trx, payload);
      return userCredentials(payload, ctx);
    },
    async beforeUpdate(key, input, existing, ctx) {
      const payload = await userCredentials(input, ctx, key);
      const who = ctx.accountability;
      const roleChanges = has(payload, 'role') && !sameKey(keyValue(payload.role), existing.role);
      const statusChanges = has(payload, 'status') && payload.status !== existing.status;
      if (!who.admin) {
        if (roleChanges) throw forbidden('Only administrators can change the role of a user');
        if (statusChanges && sameKey(key, who.user))
          throw forbidden('Only administrators can change your status');
        // Another user's credentials and the administrators' records are the administrators' alone,
        // whatever the role's update permission on users says.
        if (!sameKey(key, who.user)) {
          if (sameKey(existing.role, ADMIN_ROLE))
            throw forbidden('Only administrators can change an administrator');
          if (has(payload, 'password') || has(payload, '2fa_secret'))
            throw forbidden("Only administrators can change another user's password or two-factor secret");
        }
      }
      await checkPasswordPolicy(ctx.trx, payload);
      await ownCredentialsRule(key, payload, ctx);
      if (isActiveAdmin(existing) && (roleChanges || (statusChanges && payload.status !== 'active'))) {
        await assertOtherActiveAdmin(ctx.trx, key);
      }
      if (statusChanges) {
        // A status change resets the failed sign-in counter (§5.4); leaving `active` ends every session.
        await recordActivity(ctx.trx, {
          action: 'status-update',
          accountability: who,
          collection: 'directus_users',
          item: key,
        });
        if (payload.status !== 'active') await ctx.trx('directus_user_sessions').where('user', key).delete();
      }
      // A new password revokes the static token (unless the same write sets one).
      if (typeof payload.password === 'string' && payload.password !== '' && !has(payload, 'token')) {
        await ctx.trx('directus_users').where('id', key).whereNotNull('token').update({ token: null });
      }
      return payload;
    },
    async beforeDelete(key, existing, ctx) {
      if (isActiveAdmin(existing)) await assertOtherActiveAdmin(ctx.trx, key);
      await ctx.trx('directus_user_sessions').where('user', key).delete();
    },
  });
}

let registered = false;

/** Registers the hooks of every system collection with the items engine (once per process). */
export function registerSystemHooks(): void {
  if (registered) return;
  registered = true;
  registerRoleHooks();
  registerPermissionHooks();
  registerSettingsHooks();
  registerPresetHooks();
  registerWebhookHooks();
  registerFolderHooks();
  registerFileHooks();
  registerUserHooks();
}
