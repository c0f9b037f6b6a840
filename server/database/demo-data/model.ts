/**
 * The demo project's data model, a small magazine: each collection is described once, and that
 * description drives both the DDL (per vendor, in ../demo.ts) and the `directus_fields` rows the API
 * and the app read. Types and interfaces follow schema-v8 §3–4.
 */

import { SHOWCASE_COLLECTIONS, SHOWCASE_PERMISSIONS, SHOWCASE_RELATIONS } from './showcase';

export type ColumnDef =
  | { kind: 'increments' }
  | { kind: 'string'; length: number }
  | { kind: 'text' }
  | { kind: 'integer' }
  | { kind: 'boolean' }
  | { kind: 'datetime' }
  | { kind: 'date' }
  | { kind: 'time' }
  | { kind: 'decimal'; precision: number; scale: number };

export type Column = ColumnDef & {
  /** Default true, except for primary keys. */
  nullable?: boolean;
  default?: string | number | boolean;
  unique?: boolean;
  primary?: boolean;
};

export interface FieldDef {
  field: string;
  /** Directus field type (schema-v8 §3.1). */
  type: string;
  interface: string;
  /** The SQL column; absent for alias fields (o2m, translation, divider). */
  column?: Column;
  options?: Record<string, unknown>;
  required?: boolean;
  readonly?: boolean;
  hidden_detail?: boolean;
  hidden_browse?: boolean;
  width?: 'half' | 'half-left' | 'half-right' | 'full' | 'fill';
  note?: string;
  validation?: string;
  translation?: Array<{ locale: string; translation: string }>;
}

export interface CollectionDef {
  collection: string;
  icon: string;
  note: string;
  hidden?: boolean;
  single?: boolean;
  translation?: Array<{ locale: string; translation: string }>;
  fields: FieldDef[];
}

export interface RelationDef {
  collection_many: string;
  field_many: string;
  collection_one: string;
  field_one: string | null;
  junction_field: string | null;
}

const id = (): FieldDef => ({
  field: 'id',
  type: 'integer',
  interface: 'primary-key',
  column: { kind: 'increments', primary: true, nullable: false },
  readonly: true,
  hidden_detail: true,
  hidden_browse: true,
});

const fk = (field: string, template: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  field,
  type: 'm2o',
  interface: 'many-to-one',
  column: { kind: 'integer' },
  options: { template, placeholder: 'Select one', threshold: 20 },
  width: 'half',
  ...extra,
});

const text = (field: string, length: number, extra: Partial<FieldDef> = {}): FieldDef => ({
  field,
  type: 'string',
  interface: 'text-input',
  column: { kind: 'string', length, nullable: !extra.required },
  options: { trim: true, showCharacterCount: length <= 255 },
  ...extra,
});

const textarea = (field: string, rows: number, extra: Partial<FieldDef> = {}): FieldDef => ({
  field,
  type: 'string',
  interface: 'textarea',
  column: { kind: 'text' },
  options: { rows },
  ...extra,
});

/** Article workflow; `deleted` is the soft-delete status (schema-v8 §3.6). */
export const ARTICLE_STATUSES = {
  draft: {
    name: 'Draft',
    value: 'draft',
    sort: 1,
    text_color: 'white',
    background_color: 'blue-grey-200',
    browse_subdued: true,
    browse_badge: true,
    soft_delete: false,
    published: false,
    required_fields: false,
  },
  review: {
    name: 'In review',
    value: 'review',
    sort: 2,
    text_color: 'white',
    background_color: 'amber',
    browse_subdued: false,
    browse_badge: true,
    soft_delete: false,
    published: false,
    required_fields: true,
  },
  published: {
    name: 'Published',
    value: 'published',
    sort: 3,
    text_color: 'white',
    background_color: 'accent',
    browse_subdued: false,
    browse_badge: true,
    soft_delete: false,
    published: true,
    required_fields: true,
  },
  archived: {
    name: 'Archived',
    value: 'archived',
    sort: 4,
    text_color: 'white',
    background_color: 'blue-grey',
    browse_subdued: true,
    browse_badge: true,
    soft_delete: false,
    published: false,
    required_fields: false,
  },
  deleted: {
    name: 'Deleted',
    value: 'deleted',
    sort: 5,
    text_color: 'white',
    background_color: 'red',
    browse_subdued: true,
    browse_badge: true,
    soft_delete: true,
    published: false,
    required_fields: false,
  },
} as const;

export type ArticleStatus = keyof typeof ARTICLE_STATUSES;

/** Languages offered by the article translations (the `translation` interface keeps them in its options). */
export const TRANSLATION_LANGUAGES: Record<string, string> = {
  'de-DE': 'German',
  'fr-FR': 'French',
  'es-ES': 'Spanish',
};

/** The magazine's collections, in creation order. */
const MAGAZINE_COLLECTIONS: CollectionDef[] = [
  {
    collection: 'languages',
    icon: 'translate',
    note: 'Languages the site is published in.',
    fields: [
      {
        field: 'code',
        type: 'string',
        interface: 'text-input',
        column: { kind: 'string', length: 8, primary: true, nullable: false },
        options: { monospace: true, placeholder: 'en-US' },
        required: true,
        width: 'half',
        note: 'Locale code, e.g. en-US.',
        validation: '/^[a-z]{2}(-[A-Z]{2})?$/',
      },
      text('name', 60, { required: true, width: 'half' }),
      text('native_name', 60, { width: 'half' }),
    ],
  },
  {
    collection: 'authors',
    icon: 'person_outline',
    note: 'Writers and photographers who contribute to the magazine.',
    translation: [{ locale: 'de-DE', translation: 'Autoren' }],
    fields: [
      id(),
      text('name', 100, { required: true, width: 'half' }),
      text('email', 128, { width: 'half', validation: '$email', note: 'Internal: not shown to editors.' }),
      textarea('bio', 4),
      text('website', 255, { width: 'half', options: { iconLeft: 'link', trim: true } }),
      { field: 'joined_on', type: 'date', interface: 'date', column: { kind: 'date' }, width: 'half' },
      {
        field: 'articles',
        type: 'o2m',
        interface: 'one-to-many',
        options: { fields: 'title,status,published_on', template: '{{title}}', delete_mode: 'relation' },
        note: 'Articles credited to this author.',
      },
    ],
  },
  {
    collection: 'categories',
    icon: 'folder_open',
    note: 'Sections of the magazine; drag to reorder the menu.',
    translation: [{ locale: 'de-DE', translation: 'Rubriken' }],
    fields: [
      id(),
      {
        field: 'sort',
        type: 'sort',
        interface: 'sort',
        column: { kind: 'integer' },
        hidden_detail: true,
        hidden_browse: true,
      },
      text('name', 60, { required: true, width: 'half' }),
      {
        field: 'slug',
        type: 'slug',
        interface: 'slug',
        column: { kind: 'string', length: 80, unique: true },
        options: { mirroredField: 'name', forceLowercase: true, onlyOnCreate: true },
        width: 'half',
      },
      {
        field: 'color',
        type: 'string',
        interface: 'color',
        column: { kind: 'string', length: 20 },
        options: { format: 'hex', paletteOnly: false },
        width: 'half',
      },
      textarea('description', 3),
    ],
  },
  {
    collection: 'topics',
    icon: 'label_outline',
    note: 'Recurring subjects; an article has several.',
    fields: [
      id(),
      text('name', 60, { required: true, width: 'half' }),
      {
        field: 'slug',
        type: 'slug',
        interface: 'slug',
        column: { kind: 'string', length: 80, unique: true },
        options: { mirroredField: 'name', forceLowercase: true },
        width: 'half',
      },
      {
        field: 'articles',
        type: 'o2m',
        interface: 'many-to-many',
        options: { fields: 'title,status', template: '{{title}}', allow_create: false, allow_select: true },
      },
    ],
  },
  {
    collection: 'articles',
    icon: 'article',
    note: 'Stories, from first draft to archive.',
    translation: [
      { locale: 'de-DE', translation: 'Artikel' },
      { locale: 'fr-FR', translation: 'Articles' },
    ],
    fields: [
      id(),
      {
        field: 'status',
        type: 'status',
        interface: 'status',
        column: { kind: 'string', length: 20, nullable: false, default: 'draft' },
        options: { simpleBadge: false, status_mapping: ARTICLE_STATUSES },
        required: true,
        width: 'half',
      },
      text('title', 200, { required: true }),
      {
        field: 'slug',
        type: 'slug',
        interface: 'slug',
        column: { kind: 'string', length: 200, unique: true },
        options: { mirroredField: 'title', forceLowercase: true, onlyOnCreate: false },
        width: 'half',
      },
      fk('category', '{{name}}'),
      fk('author', '{{name}}'),
      textarea('summary', 3, { note: 'One or two sentences for listings and search engines.' }),
      {
        field: 'body',
        type: 'string',
        interface: 'wysiwyg',
        column: { kind: 'text' },
        options: {
          toolbar: ['bold', 'italic', 'link', 'bullist', 'numlist', 'blockquote', 'h2', 'h3', 'hr', 'code'],
        },
      },
      {
        field: 'topics',
        type: 'o2m',
        interface: 'many-to-many',
        options: { fields: 'name', template: '{{name}}', allow_create: true, allow_select: true },
      },
      {
        field: 'tags',
        type: 'array',
        interface: 'tags',
        column: { kind: 'string', length: 500 },
        options: { alphabetize: true, lowercase: true, wrap: false },
      },
      {
        field: 'publishing',
        type: 'alias',
        interface: 'divider',
        options: { style: 'medium', title: 'Publishing', hr: true, margin: true },
        hidden_browse: true,
      },
      {
        field: 'published_on',
        type: 'datetime',
        interface: 'datetime',
        column: { kind: 'datetime' },
        options: { showRelative: true },
        width: 'half',
      },
      {
        field: 'reading_time',
        type: 'integer',
        interface: 'numeric',
        column: { kind: 'integer' },
        options: { iconRight: 'schedule', localized: true },
        width: 'half',
        note: 'Minutes.',
      },
      {
        field: 'featured',
        type: 'boolean',
        interface: 'switch',
        column: { kind: 'boolean', nullable: false, default: false },
        options: { labelOn: 'Featured on the home page', labelOff: 'Not featured' },
        width: 'half',
      },
      {
        field: 'rating',
        type: 'decimal',
        interface: 'rating',
        column: { kind: 'decimal', precision: 3, scale: 1 },
        options: { max_stars: 5, display: 'number', active_color: 'amber' },
        readonly: true,
        width: 'half',
        note: 'Average reader rating.',
      },
      {
        field: 'metadata',
        type: 'json',
        interface: 'json',
        column: { kind: 'text' },
        note: 'SEO description and keywords, word count, source.',
      },
      {
        field: 'translations',
        type: 'translation',
        interface: 'translation',
        options: { languageField: 'language', languages: TRANSLATION_LANGUAGES, template: '{{title}}' },
      },
      {
        field: 'reviews',
        type: 'o2m',
        interface: 'one-to-many',
        options: {
          fields: 'reviewer_name,rating,approved',
          template: '{{reviewer_name}}',
          delete_mode: 'item',
        },
      },
      {
        field: 'owner',
        type: 'owner',
        interface: 'owner',
        column: { kind: 'integer' },
        options: { template: '{{first_name}} {{last_name}}', display: 'both' },
        readonly: true,
        width: 'half',
      },
      {
        field: 'created_on',
        type: 'datetime_created',
        interface: 'datetime-created',
        column: { kind: 'datetime' },
        options: { showRelative: true },
        readonly: true,
        width: 'half',
      },
      {
        field: 'modified_by',
        type: 'user_updated',
        interface: 'user-updated',
        column: { kind: 'integer' },
        options: { template: '{{first_name}} {{last_name}}', display: 'both' },
        readonly: true,
        width: 'half',
      },
      {
        field: 'modified_on',
        type: 'datetime_updated',
        interface: 'datetime-updated',
        column: { kind: 'datetime' },
        options: { showRelative: true },
        readonly: true,
        width: 'half',
      },
    ],
  },
  {
    collection: 'articles_topics',
    icon: 'compare_arrows',
    note: 'Links articles to topics.',
    hidden: true,
    fields: [
      id(),
      fk('article', '{{title}}', { hidden_detail: true }),
      fk('topic', '{{name}}', { hidden_detail: true }),
    ],
  },
  {
    collection: 'article_translations',
    icon: 'translate',
    note: 'Translated titles and summaries of articles.',
    hidden: true,
    fields: [
      id(),
      fk('article', '{{title}}', { hidden_detail: true }),
      {
        field: 'language',
        type: 'lang',
        interface: 'language',
        column: { kind: 'string', length: 8, nullable: false },
        options: { limit: true },
        required: true,
        width: 'half',
      },
      text('title', 200, { required: true }),
      textarea('summary', 3),
    ],
  },
  {
    collection: 'reviews',
    icon: 'rate_review',
    note: 'Reader reviews, moderated before they appear on the site.',
    fields: [
      id(),
      fk('article', '{{title}}', { required: true, width: 'full' }),
      text('reviewer_name', 100, { required: true, width: 'half' }),
      text('email', 128, { width: 'half', validation: '$email' }),
      {
        field: 'rating',
        type: 'integer',
        interface: 'rating',
        column: { kind: 'integer', nullable: false },
        options: { max_stars: 5, display: 'star', active_color: 'amber' },
        required: true,
        width: 'half',
        validation: '/^[1-5]$/',
      },
      {
        field: 'approved',
        type: 'boolean',
        interface: 'toggle-icon',
        column: { kind: 'boolean', nullable: false, default: false },
        options: {
          textInactive: 'Waiting for moderation',
          iconInactive: 'hourglass_empty',
          colorInactive: 'blue-grey',
          textActive: 'Approved',
          iconActive: 'check_circle',
          colorActive: 'green',
        },
        width: 'half',
      },
      textarea('comment', 4),
      {
        field: 'submitted_on',
        type: 'datetime',
        interface: 'datetime',
        column: { kind: 'datetime' },
        width: 'half',
      },
    ],
  },
  {
    collection: 'site_settings',
    icon: 'settings_applications',
    note: 'Settings of the public website.',
    single: true,
    fields: [
      id(),
      text('site_name', 100, { required: true, width: 'half' }),
      text('tagline', 200, { width: 'half' }),
      text('contact_email', 128, { width: 'half', validation: '$email' }),
      {
        field: 'default_language',
        type: 'm2o',
        interface: 'many-to-one',
        column: { kind: 'string', length: 8 },
        options: { template: '{{name}}', placeholder: 'Select a language' },
        width: 'half',
      },
      {
        field: 'articles_per_page',
        type: 'integer',
        interface: 'slider',
        column: { kind: 'integer', nullable: false, default: 12 },
        options: { minimum: 6, maximum: 48, step: 6, unit: 'articles' },
        width: 'half',
      },
      {
        field: 'maintenance_mode',
        type: 'boolean',
        interface: 'switch',
        column: { kind: 'boolean', nullable: false, default: false },
        options: { labelOn: 'Site offline', labelOff: 'Site online' },
        width: 'half',
      },
      {
        field: 'primary_color',
        type: 'string',
        interface: 'color',
        column: { kind: 'string', length: 20 },
        options: { format: 'hex' },
        width: 'half',
      },
      {
        field: 'social_links',
        type: 'json',
        interface: 'repeater',
        column: { kind: 'text' },
        options: {
          template: '{{network}}',
          structure: 'array',
          createItemText: 'Add a link',
          fields: [
            { field: 'network', type: 'string', interface: 'text-input', width: 'half' },
            { field: 'url', type: 'string', interface: 'text-input', width: 'half' },
          ],
        },
      },
    ],
  },
];

/** In creation order; tables are dropped in reverse. The interface showcase comes after the magazine. */
export const DEMO_COLLECTIONS: CollectionDef[] = [...MAGAZINE_COLLECTIONS, ...SHOWCASE_COLLECTIONS];

const MAGAZINE_RELATIONS: RelationDef[] = [
  {
    collection_many: 'articles',
    field_many: 'author',
    collection_one: 'authors',
    field_one: 'articles',
    junction_field: null,
  },
  {
    collection_many: 'articles',
    field_many: 'category',
    collection_one: 'categories',
    field_one: null,
    junction_field: null,
  },
  {
    collection_many: 'articles_topics',
    field_many: 'article',
    collection_one: 'articles',
    field_one: 'topics',
    junction_field: 'topic',
  },
  {
    collection_many: 'articles_topics',
    field_many: 'topic',
    collection_one: 'topics',
    field_one: 'articles',
    junction_field: 'article',
  },
  {
    collection_many: 'article_translations',
    field_many: 'article',
    collection_one: 'articles',
    field_one: 'translations',
    junction_field: null,
  },
  {
    collection_many: 'reviews',
    field_many: 'article',
    collection_one: 'articles',
    field_one: 'reviews',
    junction_field: null,
  },
  {
    collection_many: 'site_settings',
    field_many: 'default_language',
    collection_one: 'languages',
    field_one: null,
    junction_field: null,
  },
];

export const DEMO_RELATIONS: RelationDef[] = [...MAGAZINE_RELATIONS, ...SHOWCASE_RELATIONS];

export const EDITOR_ROLE = {
  id: 3,
  name: 'Editor',
  description: 'Writes and edits articles; cannot publish, delete or change settings.',
};

type Level = 'none' | 'mine' | 'role' | 'full';
export interface PermissionDef {
  collection: string;
  status?: string | null;
  create?: Level;
  read?: Level;
  update?: Level;
  delete?: Level;
  comment?: 'none' | 'create' | 'update' | 'full';
  explain?: 'none' | 'create' | 'update' | 'always';
  read_field_blacklist?: string;
  write_field_blacklist?: string;
  status_blacklist?: string;
}

/** What a role created through the API receives for the system collections (schema-v8 §2.9). */
export const SYSTEM_PERMISSIONS: PermissionDef[] = [
  { collection: 'directus_activity', create: 'full', read: 'mine', comment: 'update' },
  { collection: 'directus_collection_presets', create: 'full', read: 'full', update: 'mine', delete: 'mine' },
  { collection: 'directus_collections', read: 'full' },
  { collection: 'directus_fields', read: 'full' },
  { collection: 'directus_files', create: 'full', read: 'full', update: 'full', delete: 'full' },
  { collection: 'directus_folders', create: 'full', read: 'full', update: 'full', delete: 'full' },
  { collection: 'directus_permissions', read: 'mine' },
  { collection: 'directus_relations', read: 'full' },
  { collection: 'directus_revisions', create: 'full', read: 'full' },
  { collection: 'directus_roles', read: 'mine' },
  { collection: 'directus_settings', read: 'full' },
  { collection: 'directus_users', status: 'active', read: 'full', update: 'mine', delete: 'mine' },
  { collection: 'directus_users', status: 'deleted' },
  { collection: 'directus_users', status: 'draft' },
  { collection: 'directus_users', status: 'invited' },
  { collection: 'directus_users', status: 'suspended' },
];

const NOT_PUBLISHED = 'published,archived,deleted';

/**
 * Translations and topic links are part of their article: they are read where the article is read and
 * written only by whoever may update the article (`$parent:<field>` rows, docs/compatibility.md).
 */
const FOLLOW_ARTICLE: PermissionDef[] = [
  { collection: 'articles_topics', status: '$parent:article' },
  { collection: 'article_translations', status: '$parent:article' },
];

/** Files and folders for a role that deletes nothing: upload, and replace only what one uploaded. */
const EDITOR_FILES: PermissionDef[] = [
  { collection: 'directus_files', create: 'full', read: 'full', update: 'mine' },
  { collection: 'directus_folders', create: 'full', read: 'full' },
];

/** The Editor role: reads everything, writes its own drafts, deletes nothing, never sees author emails. */
export const EDITOR_PERMISSIONS: PermissionDef[] = [
  ...SYSTEM_PERMISSIONS.filter((row) => !EDITOR_FILES.some((own) => own.collection === row.collection)),
  ...EDITOR_FILES,
  ...FOLLOW_ARTICLE,
  {
    collection: 'articles',
    status: 'draft',
    create: 'full',
    read: 'full',
    update: 'mine',
    comment: 'update',
    status_blacklist: NOT_PUBLISHED,
  },
  {
    collection: 'articles',
    status: 'review',
    create: 'full',
    read: 'full',
    update: 'mine',
    comment: 'update',
    status_blacklist: NOT_PUBLISHED,
  },
  { collection: 'articles', status: 'published', read: 'full', comment: 'create' },
  { collection: 'articles', status: 'archived', read: 'full' },
  { collection: 'articles', status: 'deleted' },
  { collection: 'articles_topics', create: 'full', read: 'full', update: 'full', delete: 'full' },
  { collection: 'article_translations', create: 'full', read: 'full', update: 'full' },
  { collection: 'authors', read: 'full', read_field_blacklist: 'email' },
  { collection: 'categories', read: 'full' },
  { collection: 'topics', read: 'full' },
  { collection: 'languages', read: 'full' },
  {
    collection: 'reviews',
    read: 'full',
    update: 'full',
    write_field_blacklist: 'article,reviewer_name,email,rating,comment',
  },
  { collection: 'site_settings', read: 'full' },
  ...SHOWCASE_PERMISSIONS,
];

/** The Public role (2): the published part of the magazine, for a website reading the API anonymously. */
export const PUBLIC_PERMISSIONS: PermissionDef[] = [
  {
    collection: 'articles',
    status: 'published',
    read: 'full',
    read_field_blacklist: 'owner,modified_by,metadata',
  },
  { collection: 'authors', read: 'full', read_field_blacklist: 'email' },
  { collection: 'categories', read: 'full' },
  { collection: 'topics', read: 'full' },
  { collection: 'articles_topics', read: 'full' },
  { collection: 'article_translations', read: 'full' },
  ...FOLLOW_ARTICLE,
  { collection: 'languages', read: 'full' },
  { collection: 'site_settings', read: 'full' },
];

/** Default listing settings per collection (schema-v8 §1.2, §4.3). */
export const DEMO_PRESETS = [
  {
    collection: 'articles',
    view_type: 'tabular',
    view_query: { tabular: { fields: 'status,title,category,author,published_on', sort: '-published_on' } },
    view_options: { tabular: { widths: { status: 120, title: 360 }, spacing: 'cozy' } },
  },
  {
    collection: 'authors',
    view_type: 'cards',
    view_query: { cards: { sort: 'name' } },
    view_options: { cards: { title: 'name', subtitle: 'email', content: 'bio', icon: 'person' } },
  },
  {
    collection: 'reviews',
    view_type: 'tabular',
    view_query: {
      tabular: { fields: 'approved,reviewer_name,rating,article,submitted_on', sort: '-submitted_on' },
    },
    view_options: { tabular: { spacing: 'compact' } },
  },
];
