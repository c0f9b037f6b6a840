import type { Knex } from 'knex';
import { vendorOf } from '../connection';
import type { Vendor } from '../../config';
import type { Migration } from './index';

/**
 * The Directus 8.8.1 system tables (schema-v8 §1), described once and created per vendor.
 *
 * Kinds name the v8 MySQL column types; `columnType` maps them to SQLite and PostgreSQL (§3.4).
 * This migration is released: change the tables through a new migration, never by editing this list.
 */
export type ColumnKind =
  | 'uint' // int(11) unsigned
  | 'int' // int(11)
  | 'bigint' // bigint(20)
  | 'bool' // tinyint(1) unsigned, 0/1
  | 'bool_signed' // tinyint(1), 0/1
  | 'int1' // int(1), 0/1 (directus_users.email_notifications)
  | 'string' // varchar(length)
  | 'text'
  | 'longtext'
  | 'datetime'
  | 'timestamp';

export interface ColumnSpec {
  name: string;
  kind: ColumnKind;
  length?: number;
  nullable: boolean;
  /** Column default; booleans are given as 0/1 and written per vendor. */
  default?: string | number | null;
}

export interface TableSpec {
  name: string;
  primary: string;
  /** Whether the primary key is an auto-incrementing unsigned int (every table but two). */
  increments: boolean;
  columns: ColumnSpec[];
  unique: Array<{ name: string; columns: string[] }>;
}

const id: ColumnSpec = { name: 'id', kind: 'uint', nullable: false };
const notNull = (name: string, kind: ColumnKind, length?: number, dflt?: string | number): ColumnSpec => ({
  name,
  kind,
  length,
  nullable: false,
  ...(dflt === undefined ? {} : { default: dflt }),
});
const nullable = (name: string, kind: ColumnKind, length?: number, dflt?: string | number): ColumnSpec => ({
  name,
  kind,
  length,
  nullable: true,
  ...(dflt === undefined ? {} : { default: dflt }),
});

/** In the order the v8 installer creates them (`api/migrations/install`), `directus_migrations` last. */
export const SYSTEM_TABLES: TableSpec[] = [
  {
    name: 'directus_fields',
    primary: 'id',
    increments: true,
    columns: [
      id,
      notNull('collection', 'string', 64),
      notNull('field', 'string', 64),
      notNull('type', 'string', 64),
      nullable('interface', 'string', 64),
      nullable('options', 'text'),
      notNull('locked', 'bool', undefined, 0),
      nullable('validation', 'string', 500),
      notNull('required', 'bool', undefined, 0),
      notNull('readonly', 'bool', undefined, 0),
      notNull('hidden_detail', 'bool', undefined, 0),
      notNull('hidden_browse', 'bool', undefined, 0),
      nullable('sort', 'uint'),
      nullable('width', 'string', 50, 'full'),
      nullable('group', 'uint'),
      nullable('note', 'string', 1024),
      nullable('translation', 'text'),
    ],
    unique: [{ name: 'idx_collection_field', columns: ['collection', 'field'] }],
  },
  {
    name: 'directus_activity',
    primary: 'id',
    increments: true,
    columns: [
      id,
      notNull('action', 'string', 45),
      notNull('action_by', 'uint', undefined, 0),
      notNull('action_on', 'datetime'),
      notNull('ip', 'string', 50),
      notNull('user_agent', 'string', 255),
      notNull('collection', 'string', 64),
      notNull('item', 'string', 255),
      nullable('edited_on', 'datetime'),
      nullable('comment', 'text'),
      nullable('comment_deleted_on', 'datetime'),
    ],
    unique: [],
  },
  {
    name: 'directus_collection_presets',
    primary: 'id',
    increments: true,
    columns: [
      id,
      nullable('title', 'string', 255),
      nullable('user', 'uint'),
      nullable('role', 'uint'),
      notNull('collection', 'string', 64),
      nullable('search_query', 'string', 100),
      nullable('filters', 'text'),
      notNull('view_type', 'string', 100, 'tabular'),
      nullable('view_query', 'text'),
      nullable('view_options', 'text'),
      nullable('translation', 'text'),
    ],
    unique: [{ name: 'idx_user_collection_title', columns: ['user', 'collection', 'title'] }],
  },
  {
    name: 'directus_collections',
    primary: 'collection',
    increments: false,
    columns: [
      notNull('collection', 'string', 64),
      notNull('managed', 'bool', undefined, 1),
      notNull('hidden', 'bool', undefined, 0),
      notNull('single', 'bool', undefined, 0),
      nullable('icon', 'string', 30),
      nullable('note', 'string', 255),
      nullable('translation', 'text'),
    ],
    unique: [],
  },
  {
    name: 'directus_files',
    primary: 'id',
    increments: true,
    columns: [
      id,
      notNull('storage', 'string', 50, 'local'),
      nullable('private_hash', 'string', 16),
      notNull('filename_disk', 'string', 255),
      notNull('filename_download', 'string', 255),
      nullable('title', 'string', 255),
      nullable('type', 'string', 255),
      notNull('uploaded_by', 'uint'),
      notNull('uploaded_on', 'datetime'),
      nullable('charset', 'string', 50),
      notNull('filesize', 'uint', undefined, 0),
      nullable('width', 'uint'),
      nullable('height', 'uint'),
      nullable('duration', 'int'),
      nullable('embed', 'string', 200),
      nullable('folder', 'uint'),
      nullable('description', 'text'),
      nullable('location', 'string', 200),
      nullable('tags', 'string', 255),
      nullable('checksum', 'string', 32),
      nullable('metadata', 'text'),
    ],
    unique: [],
  },
  {
    name: 'directus_folders',
    primary: 'id',
    increments: true,
    columns: [id, notNull('name', 'string', 191), nullable('parent_folder', 'uint')],
    unique: [{ name: 'idx_name_parent_folder', columns: ['name', 'parent_folder'] }],
  },
  {
    name: 'directus_roles',
    primary: 'id',
    increments: true,
    columns: [
      id,
      notNull('name', 'string', 100),
      nullable('description', 'string', 500),
      nullable('ip_whitelist', 'text'),
      nullable('external_id', 'string', 255),
      nullable('module_listing', 'text'),
      nullable('collection_listing', 'text'),
      nullable('enforce_2fa', 'bool_signed', undefined, 0),
    ],
    unique: [
      { name: 'idx_group_name', columns: ['name'] },
      { name: 'idx_roles_external_id', columns: ['external_id'] },
    ],
  },
  {
    name: 'directus_permissions',
    primary: 'id',
    increments: true,
    columns: [
      id,
      notNull('collection', 'string', 64),
      notNull('role', 'uint'),
      nullable('status', 'string', 64),
      nullable('create', 'string', 16, 'none'),
      nullable('read', 'string', 16, 'none'),
      nullable('update', 'string', 16, 'none'),
      nullable('delete', 'string', 16, 'none'),
      nullable('comment', 'string', 8, 'none'),
      nullable('explain', 'string', 8, 'none'),
      nullable('read_field_blacklist', 'string', 1000),
      nullable('write_field_blacklist', 'string', 1000),
      nullable('status_blacklist', 'string', 1000),
    ],
    unique: [],
  },
  {
    name: 'directus_relations',
    primary: 'id',
    increments: true,
    columns: [
      id,
      notNull('collection_many', 'string', 64),
      notNull('field_many', 'string', 45),
      nullable('collection_one', 'string', 64),
      nullable('field_one', 'string', 64),
      nullable('junction_field', 'string', 64),
    ],
    unique: [],
  },
  {
    name: 'directus_revisions',
    primary: 'id',
    increments: true,
    columns: [
      id,
      notNull('activity', 'uint'),
      notNull('collection', 'string', 64),
      notNull('item', 'string', 255),
      notNull('data', 'longtext'),
      nullable('delta', 'longtext'),
      nullable('parent_collection', 'string', 64),
      nullable('parent_item', 'string', 255),
      nullable('parent_changed', 'bool', undefined, 0),
    ],
    unique: [],
  },
  {
    name: 'directus_settings',
    primary: 'id',
    increments: true,
    columns: [id, notNull('key', 'string', 64), nullable('value', 'text')],
    unique: [{ name: 'idx_key', columns: ['key'] }],
  },
  {
    name: 'directus_users',
    primary: 'id',
    increments: true,
    columns: [
      id,
      notNull('status', 'string', 16, 'draft'),
      nullable('role', 'int'),
      nullable('first_name', 'string', 50),
      nullable('last_name', 'string', 50),
      notNull('email', 'string', 128),
      nullable('password', 'string', 255),
      nullable('token', 'string', 255),
      // v8 takes the installer's PHP time zone as the column default; UTC is the portable choice.
      notNull('timezone', 'string', 32, 'UTC'),
      nullable('locale', 'string', 8),
      nullable('locale_options', 'text'),
      nullable('avatar', 'uint'),
      nullable('company', 'string', 191),
      nullable('title', 'string', 191),
      notNull('email_notifications', 'int1', undefined, 1),
      nullable('last_access_on', 'datetime'),
      nullable('last_page', 'string', 192),
      nullable('external_id', 'string', 255),
      nullable('theme', 'string', 100, 'auto'),
      nullable('2fa_secret', 'string', 100),
      nullable('password_reset_token', 'string', 520),
    ],
    unique: [
      { name: 'idx_users_email', columns: ['email'] },
      { name: 'idx_users_token', columns: ['token'] },
      { name: 'idx_users_external_id', columns: ['external_id'] },
    ],
  },
  {
    name: 'directus_user_sessions',
    primary: 'id',
    increments: true,
    columns: [
      id,
      nullable('user', 'uint'),
      nullable('token_type', 'string', 255),
      nullable('token', 'string', 520),
      nullable('ip_address', 'string', 255),
      nullable('user_agent', 'text'),
      nullable('created_on', 'datetime'),
      nullable('token_expired_at', 'datetime'),
    ],
    unique: [],
  },
  {
    name: 'directus_webhooks',
    primary: 'id',
    increments: true,
    columns: [
      id,
      notNull('status', 'string', 16, 'inactive'),
      nullable('http_action', 'string', 255),
      nullable('url', 'string', 510),
      nullable('collection', 'string', 255),
      nullable('directus_action', 'string', 255),
    ],
    unique: [],
  },
  {
    name: 'directus_migrations',
    primary: 'version',
    increments: false,
    columns: [
      notNull('version', 'bigint'),
      nullable('migration_name', 'string', 100),
      nullable('start_time', 'timestamp'),
      nullable('end_time', 'timestamp'),
      notNull('breakpoint', 'bool_signed', undefined, 0),
    ],
    unique: [],
  },
];

const BOOLEAN_KINDS: ColumnKind[] = ['bool', 'bool_signed', 'int1'];

/** The SQL type of a column kind on a vendor (schema-v8 §3.4). */
export function columnType(vendor: Vendor, column: ColumnSpec): string {
  const { kind, length } = column;
  if (kind === 'string') return `varchar(${length ?? 255})`;
  if (vendor === 'mysql') {
    const mysql: Record<Exclude<ColumnKind, 'string'>, string> = {
      uint: 'int(11) unsigned',
      int: 'int(11)',
      bigint: 'bigint(20)',
      bool: 'tinyint(1) unsigned',
      bool_signed: 'tinyint(1)',
      int1: 'int(1)',
      text: 'text',
      longtext: 'longtext',
      datetime: 'datetime',
      timestamp: 'timestamp',
    };
    return mysql[kind];
  }
  if (vendor === 'postgres') {
    if (BOOLEAN_KINDS.includes(kind)) return 'boolean';
    if (kind === 'bigint') return 'bigint';
    if (kind === 'uint' || kind === 'int') return 'integer';
    if (kind === 'datetime' || kind === 'timestamp') return 'timestamp(0) without time zone';
    return 'text';
  }
  if (BOOLEAN_KINDS.includes(kind)) return 'boolean';
  if (kind === 'uint' || kind === 'int') return 'integer';
  if (kind === 'bigint') return 'bigint';
  if (kind === 'datetime' || kind === 'timestamp') return 'datetime';
  return 'text';
}

/** A column default as the vendor expects it (PostgreSQL booleans are true/false). */
function columnDefault(vendor: Vendor, column: ColumnSpec): string | number | boolean | null | undefined {
  if (column.default === undefined) return undefined;
  if (vendor === 'postgres' && BOOLEAN_KINDS.includes(column.kind)) return column.default === 1;
  return column.default;
}

function buildTable(vendor: Vendor, spec: TableSpec) {
  return (table: Knex.CreateTableBuilder) => {
    for (const column of spec.columns) {
      if (spec.increments && column.name === spec.primary) {
        if (vendor === 'mysql') {
          table.specificType(column.name, 'int(11) unsigned NOT NULL AUTO_INCREMENT');
          table.primary([column.name]);
        } else {
          table.increments(column.name, { primaryKey: true });
        }
        continue;
      }
      const builder = table.specificType(column.name, columnType(vendor, column));
      if (column.nullable) builder.nullable();
      else builder.notNullable();
      const dflt = columnDefault(vendor, column);
      if (dflt !== undefined) builder.defaultTo(dflt);
      else if (vendor === 'mysql' && column.kind === 'timestamp' && column.nullable) builder.defaultTo(null);
    }
    if (!spec.increments) table.primary([spec.primary]);
    for (const unique of spec.unique) table.unique(unique.columns, { indexName: unique.name });
    if (vendor === 'mysql') {
      // v8 made these tables utf8 (3-byte); utf8mb4 holds everything utf8 does, plus emoji.
      table.charset('utf8mb4');
      table.collate('utf8mb4_unicode_ci');
    }
  };
}

/** Creates the system tables a database lacks; tables that exist (an existing v8 database) are left as they are. */
export async function createMissingSystemTables(knex: Knex): Promise<string[]> {
  const vendor = vendorOf(knex);
  const created: string[] = [];
  for (const spec of SYSTEM_TABLES) {
    if (await knex.schema.hasTable(spec.name)) continue;
    await knex.schema.createTable(spec.name, buildTable(vendor, spec));
    created.push(spec.name);
  }
  return created;
}

export const systemTables: Migration = {
  name: '20261121000000_system_tables',
  async up(knex) {
    await createMissingSystemTables(knex);
  },
};
