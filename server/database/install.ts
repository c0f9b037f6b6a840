import type { Knex } from 'knex';
import { dialectFor } from './dialects';
import { hashPassword } from '../services/passwords';
import { hashStaticToken } from '../services/tokens';
import directusFields from '../../schemas/system/directus_fields.json' with { type: 'json' };
import directusActivity from '../../schemas/system/directus_activity.json' with { type: 'json' };
import directusCollectionPresets from '../../schemas/system/directus_collection_presets.json' with { type: 'json' };
import directusCollections from '../../schemas/system/directus_collections.json' with { type: 'json' };
import directusFiles from '../../schemas/system/directus_files.json' with { type: 'json' };
import directusFolders from '../../schemas/system/directus_folders.json' with { type: 'json' };
import directusRoles from '../../schemas/system/directus_roles.json' with { type: 'json' };
import directusPermissions from '../../schemas/system/directus_permissions.json' with { type: 'json' };
import directusRelations from '../../schemas/system/directus_relations.json' with { type: 'json' };
import directusRevisions from '../../schemas/system/directus_revisions.json' with { type: 'json' };
import directusSettings from '../../schemas/system/directus_settings.json' with { type: 'json' };
import directusUsers from '../../schemas/system/directus_users.json' with { type: 'json' };
import directusUserSessions from '../../schemas/system/directus_user_sessions.json' with { type: 'json' };
import directusWebhooks from '../../schemas/system/directus_webhooks.json' with { type: 'json' };
import directusMigrations from '../../schemas/system/directus_migrations.json' with { type: 'json' };

export interface InstallOptions {
  projectName: string;
  appUrl?: string;
  adminEmail: string;
  adminPassword: string;
  adminToken?: string;
  /** The admin's `timezone`; default: this process's time zone (v8 used the installer's PHP zone). */
  adminTimezone?: string;
}

/** One `directus_fields` row as written in `schemas/system/<collection>.json`. */
export interface SystemFieldDefinition {
  field: string;
  type: string;
  interface: string | null;
  options: Record<string, unknown> | null;
  locked: boolean;
  readonly: boolean;
  required: boolean;
  hidden_detail: boolean;
  hidden_browse: boolean;
  sort: number | null;
  width: string | null;
  note: string | null;
  group: number | null;
  translation: Array<{ locale: string; translation: string }> | null;
  validation: string | null;
}

export interface SystemCollectionDefinition {
  collection: string;
  note?: string;
  fields: SystemFieldDefinition[];
}

/** The system collections' field definitions, in the order the v8 installer inserts them (so ids match). */
export const SYSTEM_COLLECTIONS: SystemCollectionDefinition[] = [
  directusFields,
  directusActivity,
  directusCollectionPresets,
  directusCollections,
  directusFiles,
  directusFolders,
  directusRoles,
  directusPermissions,
  directusRelations,
  directusRevisions,
  directusSettings,
  directusUsers,
  directusUserSessions,
  directusWebhooks,
  directusMigrations,
] as unknown as SystemCollectionDefinition[];

export const ADMIN_ROLE_ID = 1;
export const PUBLIC_ROLE_ID = 2;

const ROLES = [
  { id: ADMIN_ROLE_ID, name: 'Administrator', description: 'Full access to every collection and setting.' },
  {
    id: PUBLIC_ROLE_ID,
    name: 'Public',
    description: 'What requests without authentication may read and write.',
  },
];

const ASSET_WHITELIST = [{ key: 'thumbnail', width: 200, height: 200, fit: 'contain', quality: 80 }];
const ASSET_WHITELIST_SYSTEM = [
  { key: 'directus-small-crop', width: 64, height: 64, fit: 'crop', quality: 80 },
  { key: 'directus-small-contain', width: 64, height: 64, fit: 'contain', quality: 80 },
  { key: 'directus-medium-crop', width: 300, height: 300, fit: 'crop', quality: 80 },
  { key: 'directus-medium-contain', width: 300, height: 300, fit: 'contain', quality: 80 },
  { key: 'directus-large-crop', width: 800, height: 600, fit: 'crop', quality: 80 },
  { key: 'directus-large-contain', width: 800, height: 600, fit: 'contain', quality: 80 },
];

/** `directus_settings` rows of a fresh install, in v8's order (schema-v8 §2.4). Values are strings. */
export function defaultSettings(
  options: Pick<InstallOptions, 'projectName' | 'appUrl'>,
): Array<[string, string | null]> {
  return [
    ['project_url', ''],
    ['project_logo', ''],
    ['project_color', '#263238'],
    ['project_foreground', ''],
    ['project_background', ''],
    ['project_public_note', ''],
    ['default_locale', null],
    ['telemetry', '1'],
    ['default_limit', '200'],
    ['sort_null_last', '1'],
    ['password_policy', ''],
    ['auto_sign_out', '10080'],
    ['login_attempts_allowed', '25'],
    ['auth_token_ttl', '20'],
    ['trusted_proxies', ''],
    ['file_mimetype_whitelist', ''],
    ['file_naming', 'uuid'],
    ['asset_url_naming', 'private_hash'],
    ['youtube_api_key', ''],
    ['asset_whitelist', JSON.stringify(ASSET_WHITELIST)],
    ['asset_whitelist_system', JSON.stringify(ASSET_WHITELIST_SYSTEM)],
    ['project_name', options.projectName || 'Directus'],
    ['app_url', options.appUrl ?? ''],
  ];
}

/** `directus_relations` seed rows (schema-v8 §2.6), the three dead ones included as v8 has them. */
export const SYSTEM_RELATIONS: Array<[string, string, string, string | null]> = [
  ['directus_activity', 'action_by', 'directus_users', null],
  ['directus_collections_presets', 'user', 'directus_users', null],
  ['directus_collections_presets', 'group', 'directus_groups', null],
  ['directus_fields', 'collection', 'directus_collections', 'fields'],
  ['directus_files', 'uploaded_by', 'directus_users', null],
  ['directus_files', 'folder', 'directus_folders', null],
  ['directus_folders', 'parent_folder', 'directus_folders', null],
  ['directus_permissions', 'group', 'directus_groups', null],
  ['directus_revisions', 'activity', 'directus_activity', null],
  ['directus_users', 'role', 'directus_roles', 'users'],
  ['directus_users', 'avatar', 'directus_files', null],
];

/** Collection-wide presets of the system collections (schema-v8 §2.8). */
export const SYSTEM_PRESETS: Array<{
  collection: string;
  view_type: string;
  view_query: unknown;
  view_options: unknown;
}> = [
  {
    collection: 'directus_activity',
    view_type: 'timeline',
    view_query: { timeline: { sort: '-action_on' } },
    view_options: {
      timeline: {
        date: 'action_on',
        // Who, then which item; the action is the entry's coloured tag. No words: templates are not translated.
        title: '{{ action_by.first_name }} {{ action_by.last_name }}',
        content: '{{ collection }} #{{ item }}',
        color: 'action',
        avatar: 'action_by',
      },
    },
  },
  {
    collection: 'directus_files',
    view_type: 'cards',
    view_query: null,
    view_options: { cards: { title: 'title', subtitle: 'type', content: 'description', src: 'data' } },
  },
  {
    collection: 'directus_users',
    view_type: 'cards',
    view_query: { tabular: { fields: 'status,first_name,last_name,email,role,title,company' } },
    // The directory's cards: avatar, name, title and company, role and email (an invited user has no
    // name yet); the status badge comes with every card of a collection with a status. No words:
    // templates are not translated.
    view_options: {
      cards: {
        title: '{{ first_name }} {{ last_name }}',
        subtitle: '{{ title }} · {{ company }}',
        content: '{{ role.name }} · {{ email }}',
        src: 'avatar',
        icon: 'person',
      },
    },
  },
  {
    collection: 'directus_webhooks',
    view_type: 'tabular',
    view_query: { tabular: { fields: 'status,http_action,url,collection,directus_action' } },
    view_options: {
      tabular: { widths: { status: 110, http_action: 110, url: 320, collection: 180, directus_action: 160 } },
    },
  },
];

/**
 * The 79 Phinx versions of a fresh v8.8.1 install (schema-v8 §2.10): the 14 install migrations and the
 * 65 upgrades. Recording them tells a Directus 8 API pointed at this database that nothing is pending.
 */
export const V8_MIGRATIONS: Array<[string, string]> = [
  ['20180220023123', 'CreateFieldsTable'],
  ['20180220023138', 'CreateActivityTable'],
  ['20180220023152', 'CreateCollectionsPresetsTable'],
  ['20180220023157', 'CreateCollectionsTable'],
  ['20180220023208', 'CreateFilesTable'],
  ['20180220023213', 'CreateFoldersTable'],
  ['20180220023217', 'CreateRolesTable'],
  ['20180220023226', 'CreatePermissionsTable'],
  ['20180220023232', 'CreateRelationsTable'],
  ['20180220023238', 'CreateRevisionsTable'],
  ['20180220023243', 'CreateSettingsTable'],
  ['20180220023248', 'CreateUsersTable'],
  ['20190912072543', 'CreateUserSessions'],
  ['20190917090849', 'CreateWebHooks'],
  ['20181022175715', 'Upgrade070003'],
  ['20181102153600', 'TimezoneChoices'],
  ['20181105165224', 'Upgrade070006'],
  ['20181122195602', 'LocaleInterface'],
  ['20181123171520', 'RemoveScope'],
  ['20181210204720', 'AddTrustedProxiesSettingField'],
  ['20181222023800', 'AddProjectUrlSettingField'],
  ['20181227042755', 'IncreaseUsersLastPageLength'],
  ['20190104155309', 'AddUsersEmailValidation'],
  ['20190111193724', 'AddAppUrlSettingField'],
  ['20190111212736', 'AddMissingSettingsField'],
  ['20190118181424', 'AddRolesUsersField'],
  ['20190130215921', 'AddFilesChecksumField'],
  ['20190318173400', 'AddNavOverride'],
  ['20190412122400', 'SetPasswordTypeToHash'],
  ['20190412123000', 'UseFileInterface'],
  ['20190412145800', 'SetO2mOptionsRoles'],
  ['20190415125300', 'SetWidth'],
  ['20190419154400', 'SettingsFields'],
  ['20190419161200', 'CollectionNotes'],
  ['20190419173000', 'MiscRequiredFields'],
  ['20190422131600', 'UseJson'],
  ['20190426156200', 'SetNullableValueFieldSettingsTable'],
  ['20190520094300', 'UseTimeline'],
  ['20190614103321', 'AddUsers2faSecretField'],
  ['20190618190024', 'AddEnforce2faRoleField'],
  ['20190626114228', 'AddFileNamingInSetting'],
  ['20190702092323', 'AddLoginAttemptsAllowedSetting'],
  ['20190704063752', 'UpdateIstanbulTimezone'],
  ['20190708095522', 'AddFileExtensionSetting'],
  ['20190722110232', 'PasswordValidationSettingField'],
  ['20190726064001', 'UpdateNoteForDefaultLimit'],
  ['20190819070856', 'UpdateDirectusFieldsField'],
  ['20191123053252', 'UpdateDirectusFilesField'],
  ['20191129123300', 'UseNewWysiwyg'],
  ['20191202164200', 'AddUserSessions'],
  ['20191202164201', 'AddWebhooks'],
  ['20191202164202', 'RemoveActivitySeen'],
  ['20191202164203', 'ConvertUserRoles'],
  ['20191202164204', 'UpdateDirectusUsers'],
  ['20191202164205', 'UpdateDirectusSettings'],
  ['20191202164206', 'UpdateDirectusFiles'],
  ['20191202164207', 'UpdateDirectusRoles'],
  ['20191202164208', 'ResetDirectusRelations'],
  ['20191202164209', 'ResetDirectusFields'],
  ['20191203105400', 'AddHashFiledownloadIfEmpty'],
  ['20191204151300', 'UseCorrectWysiwyg'],
  ['20191205150000', 'UpdateDirectusThumbnailSizes'],
  ['20191209130300', 'AddProjectPublicNote'],
  ['20191209141700', 'SetOptionsCollectionListing'],
  ['20191211140300', 'AllowNullInSettings'],
  ['20191211141600', 'HideExternalid'],
  ['20191213160000', 'NewTranslationsStructure'],
  ['20191216134009', 'AddUserLastPasswordUpdate'],
  ['20191216175050', 'RemoveFileMaxSize'],
  ['20191220102232', 'UpdateUserCreatedToOwner'],
  ['20191223121542', 'UpdateSlugType'],
  ['20200108122313', 'AddAssetUrlNamingSetting'],
  ['20200120170859', 'UpdateTypeOfCollectionListing'],
  ['20200121134200', 'RenameToggle'],
  ['20200121134353', 'UpdateUserCreatedInterface'],
  ['20200123161848', 'UpdateValidationSizeForDirectusField'],
  ['20200129100037', 'UpdateLoginAttemptValue'],
  ['20200207095101', 'UpdateSlugOptionForAssetWhiteList'],
  ['20200303111750', 'AddAuthTtlField'],
];

/** True when the database already holds the Directus 8 system tables. */
export async function hasSystemTables(knex: Knex): Promise<boolean> {
  return knex.schema.hasTable('directus_users');
}

/** `YYYY-MM-DD HH:MM:SS` in UTC, the form v8 writes datetimes in. */
function nowUtc(): string {
  return new Date().toISOString().slice(0, 19).replace('T', ' ');
}

function processTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The row written to `directus_fields` for a definition; booleans as the vendor stores them. */
export function fieldRow(
  collection: string,
  definition: SystemFieldDefinition,
  bool: (value: boolean) => boolean | number,
): Record<string, unknown> {
  return {
    collection,
    field: definition.field,
    type: definition.type,
    interface: definition.interface,
    options: definition.options === null ? null : JSON.stringify(definition.options),
    locked: bool(definition.locked),
    validation: definition.validation,
    required: bool(definition.required),
    readonly: bool(definition.readonly),
    hidden_detail: bool(definition.hidden_detail),
    hidden_browse: bool(definition.hidden_browse),
    sort: definition.sort,
    width: definition.width,
    group: definition.group,
    note: definition.note,
    translation: definition.translation === null ? null : JSON.stringify(definition.translation),
  };
}

async function insertInChunks(
  trx: Knex.Transaction,
  table: string,
  rows: Record<string, unknown>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 50) await trx(table).insert(rows.slice(i, i + 50));
}

/**
 * Seeds a fresh project in one transaction: roles 1 and 2, settings, the system collections' field
 * metadata, relations, presets, the v8 migration versions and the first administrator
 * (schema-v8 §2). Rows that already exist are kept, so a second call adds nothing.
 */
export async function installSystemData(knex: Knex, options: InstallOptions): Promise<void> {
  const dialect = dialectFor(knex);
  // v8's tinyint(1) flags, as the vendor's boolean columns take them.
  const bool = (value: boolean) => dialect.boolean(value);
  const passwordHash = await hashPassword(options.adminPassword);

  await knex.transaction(async (trx) => {
    const roleIds = new Set(
      (await trx('directus_roles').select('id')).map((row: { id: number }) => Number(row.id)),
    );
    const roleNames = new Set(
      (await trx('directus_roles').select('name')).map((row: { name: string }) => row.name),
    );
    const roles = ROLES.filter((role) => !roleIds.has(role.id) && !roleNames.has(role.name));
    if (roles.length > 0) {
      await trx('directus_roles').insert(roles.map((role) => ({ ...role, enforce_2fa: bool(false) })));
      // The next role must not collide with 1 or 2.
      await dialect.syncIdSequence(trx, 'directus_roles');
    }

    const settingKeys = new Set(
      (await trx('directus_settings').select('key')).map((row: { key: string }) => row.key),
    );
    const settings = defaultSettings(options)
      .filter(([key]) => !settingKeys.has(key))
      .map(([key, value]) => ({ key, value }));
    await insertInChunks(trx, 'directus_settings', settings);

    const existingFields = new Set(
      (await trx('directus_fields').select('collection', 'field')).map(
        (row: { collection: string; field: string }) => `${row.collection}.${row.field}`,
      ),
    );
    const fields = SYSTEM_COLLECTIONS.flatMap((definition) =>
      definition.fields
        .filter((field) => !existingFields.has(`${definition.collection}.${field.field}`))
        .map((field) => fieldRow(definition.collection, field, bool)),
    );
    await insertInChunks(trx, 'directus_fields', fields);

    const existingRelations = new Set(
      (await trx('directus_relations').select('collection_many', 'field_many')).map(
        (row: { collection_many: string; field_many: string }) => `${row.collection_many}.${row.field_many}`,
      ),
    );
    const relations = SYSTEM_RELATIONS.filter(
      ([many, field]) => !existingRelations.has(`${many}.${field}`),
    ).map(([collection_many, field_many, collection_one, field_one]) => ({
      collection_many,
      field_many,
      collection_one,
      field_one,
      junction_field: null,
    }));
    await insertInChunks(trx, 'directus_relations', relations);

    const presetCollections = new Set(
      (
        await trx('directus_collection_presets')
          .whereNull('user')
          .whereNull('role')
          .whereNull('title')
          .select('collection')
      ).map((row: { collection: string }) => row.collection),
    );
    const presets = SYSTEM_PRESETS.filter((preset) => !presetCollections.has(preset.collection)).map(
      (preset) => ({
        collection: preset.collection,
        view_type: preset.view_type,
        view_query: preset.view_query === null ? null : JSON.stringify(preset.view_query),
        view_options: JSON.stringify(preset.view_options),
      }),
    );
    await insertInChunks(trx, 'directus_collection_presets', presets);

    const versions = new Set(
      (await trx('directus_migrations').select('version')).map((row: { version: string | number }) =>
        String(row.version),
      ),
    );
    const now = nowUtc();
    const migrationRows = V8_MIGRATIONS.filter(([version]) => !versions.has(version)).map(
      ([version, name]) => ({
        version,
        migration_name: name,
        start_time: now,
        end_time: now,
        breakpoint: bool(false),
      }),
    );
    await insertInChunks(trx, 'directus_migrations', migrationRows);

    const adminEmail = options.adminEmail.trim().toLowerCase();
    const admin = await trx('directus_users').whereRaw('lower(??) = ?', ['email', adminEmail]).first('id');
    if (!admin) {
      await trx('directus_users').insert({
        status: 'active',
        role: ADMIN_ROLE_ID,
        first_name: 'Admin',
        last_name: 'User',
        email: adminEmail,
        password: passwordHash,
        token: options.adminToken ? hashStaticToken(options.adminToken) : null,
        timezone: options.adminTimezone ?? processTimezone(),
        locale: 'en-US',
      });
    }
  });
}
