import { DEMO_COLLECTIONS } from '../../../server/database/demo';
import type { Kind } from './values';

/**
 * The API's endpoint families as the generator sees them: each route's path (`:name` parameters
 * filled from the named pool), its methods, whether it takes the read query parameters and the
 * fields its body knows. Paths starting with `/test/` are project routes; others are the server's.
 */
export interface RouteSpec {
  path: string;
  methods: readonly Method[];
  /** Takes `fields`, `filter`, `sort`, `limit`, `offset`, `meta`, `q`, … */
  query?: boolean;
  /** Other query parameters the route reads, with plausible values. */
  params?: Record<string, Kind>;
  /** Known body fields (for POST / PATCH). */
  body?: Record<string, Kind>;
  /** The route takes a multipart upload. */
  multipart?: boolean;
  /** The body may be a list of objects (batch). */
  batch?: boolean;
  /** The body's fields are those of the collection in the path (`:itemCollection`). */
  itemBody?: boolean;
}

export type Method = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'OPTIONS';

export interface Family {
  name: string;
  routes: readonly RouteSpec[];
}

/**
 * Pools of plausible path parameters. `write` pools leave out the fuzzing callers' own rows (the
 * admin, the editor, their roles) so that an accepted write never locks the run out.
 */
export const POOLS: Record<string, { read: readonly string[]; write: readonly string[] }> = {
  user: { read: ['1', '2', 'me', '3', '4', '99'], write: ['3', '4', '5', '99', '3,4'] },
  role: { read: ['1', '2', '3', '4', '99'], write: ['4', '5', '99', '4,5'] },
  file: { read: ['1', '2', '3', '99'], write: ['2', '3', '4', '99', '2,3'] },
  folder: { read: ['1', '2', '99'], write: ['1', '2', '3', '99', '1,2'] },
  preset: { read: ['1', '2', '7', '99'], write: ['1', '2', '3', '8', '99', '1,2'] },
  setting: { read: ['1', '2', '23', '99'], write: ['24', '25', '99'] },
  permission: { read: ['1', '5', '47', '99'], write: ['10', '20', '48', '99', '10,11'] },
  webhook: { read: ['1', '2', '99'], write: ['1', '2', '3', '99', '1,2'] },
  relation: { read: ['1', '5', '28', '99'], write: ['20', '29', '30', '99'] },
  activity: { read: ['1', '2', '50', '99'], write: ['1', '2', '3', '50'] },
  revision: { read: ['1', '2', '50', '99'], write: ['1', '2', '50'] },
  offset: { read: ['0', '1', '2', '-1', '5'], write: ['0', '1'] },
  collection: {
    read: ['articles', 'authors', 'reviews', 'site_settings', 'directus_users', 'directus_files', 'nope'],
    write: ['fz_things', 'fz_other', 'directus_users', 'directus_activity', 'nope'],
  },
  itemCollection: {
    read: ['articles', 'authors', 'reviews', 'topics', 'articles_topics', 'site_settings', 'directus_users'],
    write: ['articles', 'authors', 'reviews', 'topics', 'site_settings', 'fz_things', 'directus_roles'],
  },
  item: { read: ['1', '2', '50', '1,2,3', '999'], write: ['3', '4', '60', '5,6', '999'] },
  field: {
    read: ['id', 'title', 'status', 'author', 'email', 'nope'],
    write: ['fz_field', 'fz_other', 'title', 'nope'],
  },
  provider: { read: ['github', 'nope', 'google'], write: ['github'] },
  token: { read: ['abc', 'eyJhbGciOiJIUzI1NiJ9.e30.x'], write: ['abc'] },
  project: { read: ['test', 'nope', 'Test'], write: ['nope', 'fz'] },
  kind: { read: ['interfaces', 'layouts', 'modules', 'nope'], write: ['interfaces'] },
  extId: { read: ['text-input', 'nope', '..'], write: ['nope'] },
  extFile: { read: ['input.js', 'meta.json', '..%2f..%2fpackage.json', 'index.js'], write: ['input.js'] },
};

const USER: Record<string, Kind> = {
  email: 'email',
  password: 'string',
  first_name: 'string',
  last_name: 'string',
  role: 'id',
  status: ['active', 'invited', 'draft', 'suspended', 'deleted', 'nope'],
  title: 'string',
  company: 'string',
  locale: ['en-US', 'de-DE', 'xx'],
  timezone: ['UTC', 'Europe/Paris', 'Mars/Olympus'],
  avatar: 'id',
  theme: ['auto', 'light', 'dark'],
  email_notifications: 'bool',
  external_id: 'string',
  locale_options: 'json',
  '2fa_secret': 'string',
};
const ROLE: Record<string, Kind> = {
  name: 'string',
  description: 'text',
  ip_whitelist: 'array',
  nav_blacklist: 'array',
  external_id: 'string',
  enforce_2fa: 'bool',
  collection_listing: 'json',
  module_listing: 'json',
};
const FILE: Record<string, Kind> = {
  data: [
    'aGVsbG8=',
    'data:text/plain;base64,aGVsbG8=',
    'http://127.0.0.1:9/a.png',
    'file:///etc/passwd',
    'not base64',
  ],
  filename_download: ['a.txt', 'x.png', '../../evil.txt', 'a\u0000.png'],
  title: 'string',
  description: 'text',
  folder: 'id',
  tags: 'array',
  location: 'string',
  metadata: 'json',
  storage: ['local', 's3', 'nope'],
  type: ['text/plain', 'image/png', 'application/x-sh'],
};
const COLLECTION: Record<string, Kind> = {
  collection: ['fz_things', 'fz_other', 'directus_x', 'articles', 'Bad Name', 'a'.repeat(80)],
  fields: 'json',
  hidden: 'bool',
  single: 'bool',
  managed: 'bool',
  icon: 'string',
  note: 'text',
  translation: 'json',
  sort_field: 'string',
};
const FIELD: Record<string, Kind> = {
  field: ['fz_field', 'fz_other', 'id', 'title', 'Bad Name', 'a'.repeat(80)],
  type: ['string', 'integer', 'decimal', 'json', 'm2o', 'o2m', 'alias', 'datetime', 'status', 'sort', 'nope'],
  datatype: ['VARCHAR', 'INT', 'TEXT', 'DECIMAL', 'DROP TABLE', 'nope'],
  interface: ['text-input', 'numeric', 'nope'],
  length: ['255', '10,2', '-1', '99999999'],
  default_value: 'string',
  note: 'text',
  options: 'json',
  required: 'bool',
  readonly: 'bool',
  hidden_detail: 'bool',
  hidden_browse: 'bool',
  unique: 'bool',
  primary_key: 'bool',
  auto_increment: 'bool',
  validation: ['/^a/', '/(a+)+$/', '/[/', 'nope'],
  sort: 'int',
  width: ['half', 'full', 'nope'],
  group: 'id',
  translation: 'json',
};
const RELATION: Record<string, Kind> = {
  collection_many: ['articles', 'fz_things', 'nope', 'directus_users'],
  field_many: ['author', 'fz_field', 'nope'],
  collection_one: ['authors', 'nope', 'directus_files'],
  field_one: ['articles', 'nope'],
  junction_field: ['topic', 'nope'],
};
const PRESET: Record<string, Kind> = {
  title: 'string',
  user: 'id',
  role: 'id',
  collection: ['articles', 'authors', 'nope', 'directus_users'],
  search_query: 'string',
  filters: 'json',
  view_type: ['tabular', 'cards', 'nope'],
  view_query: 'json',
  view_options: 'json',
  translation: 'json',
};
const PERMISSION: Record<string, Kind> = {
  collection: ['articles', 'authors', 'nope', 'directus_users'],
  role: 'id',
  status: ['published', 'draft', 'nope'],
  create: ['none', 'mine', 'role', 'full', 'nope'],
  read: ['none', 'mine', 'role', 'full', 'nope'],
  update: ['none', 'mine', 'role', 'full', 'nope'],
  delete: ['none', 'mine', 'role', 'full', 'nope'],
  comment: ['none', 'read', 'create', 'update', 'full'],
  explain: ['none', 'create', 'update', 'always'],
  read_field_blacklist: 'array',
  write_field_blacklist: 'array',
  status_blacklist: 'array',
};
const WEBHOOK: Record<string, Kind> = {
  status: ['active', 'inactive', 'nope'],
  http_action: ['get', 'post', 'delete', 'nope'],
  url: 'url',
  collection: ['articles', 'nope', 'directus_users'],
  directus_action: ['item.create:after', 'item.update:after', 'item.delete:after', 'nope'],
};
const ARTICLE: Record<string, Kind> = {
  id: 'id',
  status: ['published', 'draft', 'deleted', 'nope'],
  title: 'string',
  slug: 'string',
  body: 'text',
  author: 'id',
  category: 'id',
  topics: 'json',
  published_on: 'datetime',
  views: 'int',
  rating: 'number',
  featured: 'bool',
  translations: 'json',
  reviews: 'json',
  sort: 'int',
};
const READ = { query: true } as const;

const KIND_OF_TYPE: Record<string, Kind> = {
  integer: 'int',
  sort: 'int',
  m2o: 'id',
  owner: 'id',
  user_updated: 'id',
  file: 'id',
  decimal: 'number',
  boolean: 'bool',
  datetime: 'datetime',
  datetime_created: 'datetime',
  datetime_updated: 'datetime',
  date: 'date',
  time: 'time',
  array: 'array',
  status: ['published', 'draft', 'archived', 'deleted', 'nope'],
};

/** Each demo collection's fields, for item bodies (unknown types: JSON, e.g. o2m, translations). */
export const ITEM_FIELDS: Record<string, Record<string, Kind>> = {
  ...Object.fromEntries(
    DEMO_COLLECTIONS.map((c) => [
      c.collection,
      Object.fromEntries(
        c.fields.map((f) => [
          f.field,
          KIND_OF_TYPE[f.type] ?? (['string', 'slug', 'lang', 'alias'].includes(f.type) ? 'string' : 'json'),
        ]),
      ),
    ]),
  ),
  directus_users: USER,
  directus_roles: ROLE,
};

export const FAMILIES: readonly Family[] = [
  {
    name: 'auth',
    routes: [
      {
        path: '/test/auth/authenticate',
        methods: ['POST'],
        body: { email: 'email', password: 'string', mode: ['jwt', 'cookie', 'nope'], otp: 'string' },
      },
      { path: '/test/auth/refresh', methods: ['POST'], body: { token: 'string' } },
      { path: '/test/auth/logout', methods: ['POST'], body: { token: 'string' } },
      { path: '/test/auth/logout/:user', methods: ['POST'] },
      { path: '/test/auth/logout/:user/:activity', methods: ['POST'] },
      { path: '/test/auth/check', methods: ['GET'] },
      { path: '/test/auth/password/request', methods: ['POST'], body: { email: 'email', reset_url: 'url' } },
      { path: '/test/auth/password/reset', methods: ['POST'], body: { token: 'string', password: 'string' } },
      { path: '/test/auth/sso', methods: ['GET'] },
      {
        path: '/test/auth/sso/:provider',
        methods: ['GET'],
        params: { mode: ['jwt', 'cookie'], redirect_url: 'url' },
      },
      {
        path: '/test/auth/sso/:provider/callback',
        methods: ['GET'],
        params: { code: 'string', state: 'string', error: 'string' },
      },
      { path: '/test/auth/sso/access_token', methods: ['POST'], body: { request_token: 'string' } },
    ],
  },
  {
    name: 'files',
    routes: [
      { path: '/test/files', methods: ['GET', 'POST'], ...READ, body: FILE, multipart: true, batch: true },
      {
        path: '/test/files/:file',
        methods: ['GET', 'PATCH', 'DELETE'],
        ...READ,
        body: FILE,
        multipart: true,
      },
    ],
  },
  {
    name: 'assets',
    routes: [
      {
        path: '/test/assets/:file',
        methods: ['GET'],
        params: {
          key: ['directus-small-crop', 'nope', ''],
          w: ['10', '0', '-1', '99999', '1e6', 'abc'],
          h: ['10', '0', '99999'],
          f: ['crop', 'contain', 'nope'],
          q: ['1', '100', '101', '-5'],
          download: ['', '1', 'true'],
          format: ['webp', 'png', 'jpg', 'gif', 'svg', 'nope'],
        },
      },
    ],
  },
  {
    name: 'users',
    routes: [
      { path: '/test/users', methods: ['GET', 'POST', 'PATCH'], ...READ, body: USER, batch: true },
      { path: '/test/users/:user', methods: ['GET', 'PATCH', 'DELETE'], ...READ, body: USER },
      {
        path: '/test/users/present',
        methods: ['GET'],
        params: { collection: ['articles', 'directus_users', 'nope'], item: ['1', '2', '+', 'x'] },
      },
      { path: '/test/users/:user/tracking/page', methods: ['PATCH'], body: { last_page: 'string' } },
      {
        path: '/test/users/:user/activate_2fa',
        methods: ['POST'],
        body: { tfa_secret: 'string', otp: 'string' },
      },
    ],
  },
  {
    name: 'collections',
    routes: [
      { path: '/test/collections', methods: ['GET', 'POST'], ...READ, body: COLLECTION, batch: true },
      {
        path: '/test/collections/:collection',
        methods: ['GET', 'PATCH', 'DELETE'],
        ...READ,
        body: COLLECTION,
      },
    ],
  },
  {
    name: 'fields',
    routes: [
      { path: '/test/fields', methods: ['GET'], ...READ },
      {
        path: '/test/fields/:collection',
        methods: ['GET', 'POST', 'PATCH'],
        ...READ,
        body: FIELD,
        batch: true,
      },
      { path: '/test/fields/:collection/:field', methods: ['GET', 'PATCH', 'DELETE'], ...READ, body: FIELD },
    ],
  },
  {
    name: 'relations',
    routes: [
      { path: '/test/relations', methods: ['GET', 'POST'], ...READ, body: RELATION, batch: true },
      { path: '/test/relations/:relation', methods: ['GET', 'PATCH', 'DELETE'], ...READ, body: RELATION },
    ],
  },
  {
    name: 'presets',
    routes: [
      {
        path: '/test/collection_presets',
        methods: ['GET', 'POST', 'PATCH'],
        ...READ,
        body: PRESET,
        batch: true,
      },
      {
        path: '/test/collection_presets/:preset',
        methods: ['GET', 'PATCH', 'DELETE'],
        ...READ,
        body: PRESET,
      },
    ],
  },
  {
    name: 'settings',
    routes: [
      {
        path: '/test/settings',
        methods: ['GET', 'POST', 'PATCH'],
        ...READ,
        body: {
          key: ['project_color', 'fz_key', 'auto_sign_out', 'nope'],
          value: 'string',
          project_color: 'string',
        },
        batch: true,
      },
      { path: '/test/settings/fields', methods: ['GET'], ...READ },
      {
        path: '/test/settings/:setting',
        methods: ['GET', 'PATCH', 'DELETE'],
        ...READ,
        body: { key: 'string', value: 'string' },
      },
    ],
  },
  {
    name: 'permissions',
    routes: [
      {
        path: '/test/permissions',
        methods: ['GET', 'POST', 'PATCH'],
        ...READ,
        body: PERMISSION,
        batch: true,
      },
      { path: '/test/permissions/me', methods: ['GET'], ...READ },
      { path: '/test/permissions/me/:collection', methods: ['GET'], ...READ },
      {
        path: '/test/permissions/:permission',
        methods: ['GET', 'PATCH', 'DELETE'],
        ...READ,
        body: PERMISSION,
      },
    ],
  },
  {
    name: 'roles',
    routes: [
      { path: '/test/roles', methods: ['GET', 'POST', 'PATCH'], ...READ, body: ROLE, batch: true },
      { path: '/test/roles/:role', methods: ['GET', 'PATCH', 'DELETE'], ...READ, body: ROLE },
      { path: '/test/roles/:role/revisions', methods: ['GET'], ...READ },
      { path: '/test/roles/:role/revisions/:offset', methods: ['GET'], ...READ },
    ],
  },
  {
    name: 'webhooks',
    routes: [
      { path: '/test/webhooks', methods: ['GET', 'POST', 'PATCH'], ...READ, body: WEBHOOK, batch: true },
      { path: '/test/webhooks/:webhook', methods: ['GET', 'PATCH', 'DELETE'], ...READ, body: WEBHOOK },
      { path: '/test/webhooks/:webhook/revisions', methods: ['GET'], ...READ },
      { path: '/test/webhooks/:webhook/deliveries', methods: ['GET'], ...READ },
      { path: '/test/webhooks/:webhook/test', methods: ['POST'] },
    ],
  },
  {
    name: 'activity',
    routes: [
      { path: '/test/activity', methods: ['GET'], ...READ },
      { path: '/test/activity/:activity', methods: ['GET'], ...READ },
      {
        path: '/test/activity/comment',
        methods: ['POST'],
        body: { collection: ['articles', 'nope', 'directus_users'], item: 'id', comment: 'text' },
      },
      { path: '/test/activity/comment/:activity', methods: ['PATCH', 'DELETE'], body: { comment: 'text' } },
    ],
  },
  {
    name: 'revisions',
    routes: [
      { path: '/test/revisions', methods: ['GET'], ...READ },
      { path: '/test/revisions/:revision', methods: ['GET'], ...READ },
      { path: '/test/items/:itemCollection/:item/revisions', methods: ['GET'], ...READ },
      { path: '/test/items/:itemCollection/:item/revisions/:offset', methods: ['GET'], ...READ },
      { path: '/test/items/:itemCollection/:item/revert/:revision', methods: ['PATCH'] },
      { path: '/test/users/:user/revisions', methods: ['GET'], ...READ },
      { path: '/test/users/:user/revisions/:offset', methods: ['GET'], ...READ },
    ],
  },
  {
    name: 'folders',
    routes: [
      {
        path: '/test/folders',
        methods: ['GET', 'POST', 'PATCH'],
        ...READ,
        body: { name: 'string', parent_folder: 'id' },
        batch: true,
      },
      {
        path: '/test/folders/:folder',
        methods: ['GET', 'PATCH', 'DELETE'],
        ...READ,
        body: { name: 'string', parent_folder: 'id' },
      },
    ],
  },
  {
    name: 'server',
    routes: [
      { path: '/server/ping', methods: ['GET'] },
      { path: '/server/info', methods: ['GET'], params: { super_admin_token: 'string' } },
      {
        path: '/server/projects',
        methods: ['GET', 'POST'],
        body: {
          project: ['fz', 'test', '../x', 'Bad Name'],
          super_admin_token: 'string',
          db_name: 'string',
          db_type: ['sqlite', 'mysql', 'nope'],
          user_email: 'email',
          user_password: 'string',
        },
      },
      { path: '/server/projects/:project', methods: ['DELETE'] },
      { path: '/test/', methods: ['GET'] },
      { path: '/test', methods: ['GET'] },
      { path: '/:project/', methods: ['GET'] },
      { path: '/', methods: ['GET'] },
    ],
  },
  {
    name: 'extensions',
    routes: [
      { path: '/interfaces', methods: ['GET'] },
      { path: '/layouts', methods: ['GET'] },
      { path: '/modules', methods: ['GET'] },
      { path: '/extensions/runtime/:extFile', methods: ['GET'] },
      { path: '/extensions/:kind/:extId/:extFile', methods: ['GET'] },
      { path: '/favicon.ico', methods: ['GET'] },
    ],
  },
  {
    name: 'invitations',
    routes: [
      { path: '/test/users/invite', methods: ['POST'], body: { email: 'email', role: 'id' } },
      {
        path: '/test/users/invite/:token',
        methods: ['GET', 'POST'],
        body: { password: 'string', first_name: 'string' },
      },
    ],
  },
  {
    name: 'exchange',
    routes: [
      {
        path: '/test/items/:itemCollection/export',
        methods: ['GET'],
        ...READ,
        params: { format: ['csv', 'json', 'xml', 'nope', ''] },
      },
      {
        path: '/test/items/:itemCollection/import',
        methods: ['POST'],
        body: { rows: 'json', dry_run: 'bool', skip_rejected: 'bool' },
      },
    ],
  },
  {
    name: 'utils',
    routes: [
      {
        path: '/test/utils/hash',
        methods: ['POST'],
        body: { string: 'string', hasher: ['argon2', 'bcrypt', 'nope'] },
      },
      { path: '/test/utils/hash/match', methods: ['POST'], body: { string: 'string', hash: 'string' } },
      {
        path: '/test/utils/random/string',
        methods: ['GET', 'POST'],
        params: { length: ['8', '0', '-1', '1e9', 'abc'] },
        body: { length: 'int' },
      },
      { path: '/test/utils/2fa_secret', methods: ['GET'] },
      {
        path: '/test/mail',
        methods: ['POST'],
        body: { to: 'json', subject: 'string', body: 'text', type: ['txt', 'html', 'nope'], data: 'json' },
      },
    ],
  },
  {
    name: 'items',
    routes: [
      {
        path: '/test/items/:itemCollection',
        methods: ['GET', 'POST', 'PATCH'],
        ...READ,
        body: ARTICLE,
        batch: true,
      },
      {
        path: '/test/items/:itemCollection/:item',
        methods: ['GET', 'PATCH', 'DELETE'],
        ...READ,
        body: ARTICLE,
      },
    ],
  },
];
