import type { FieldDefinition, ModuleDefinition } from '../../engine/types';
import type { ApiClient } from '../api/client';
import type { DefinitionRegistry } from '../../engine/registry/registry';

/** One entry of a collection's status_mapping (schema-v8). */
export interface StatusMappingEntry {
  name: string;
  value?: string;
  text_color?: string;
  background_color?: string;
  browse_subdued?: boolean;
  browse_badge?: boolean;
  soft_delete?: boolean;
  published?: boolean;
  required_fields?: boolean;
  read?: boolean;
  [key: string]: unknown;
}

/** A row of GET /collections. */
export interface CollectionMeta {
  collection: string;
  hidden: boolean;
  managed: boolean;
  single: boolean;
  note: string | null;
  icon: string | null;
  translation?: unknown;
  status_mapping?: Record<string, StatusMappingEntry> | null;
  fields?: Record<string, FieldDefinition>;
  [key: string]: unknown;
}

/** A row of GET /relations. */
export interface RelationRow {
  id: number;
  collection_many: string;
  field_many: string;
  collection_one: string | null;
  field_one: string | null;
  junction_field: string | null;
}

export interface PresetFilter {
  field: string;
  operator: string;
  value: unknown;
}

/** A directus_collection_presets row: the user's listing preferences (title null) or a bookmark. */
export interface Preset {
  id?: number;
  title: string | null;
  user: number | null;
  role: number | null;
  collection: string;
  search_query: string | null;
  filters: PresetFilter[] | null;
  view_type: string;
  view_options: Record<string, any> | null;
  view_query: Record<string, any> | null;
  translation?: unknown;
}

export type PermissionLevel = 'none' | 'read' | 'mine' | 'role' | 'full' | 'create' | 'update' | 'always';

export interface PermissionRow {
  create: PermissionLevel;
  read: PermissionLevel;
  update: PermissionLevel;
  delete: PermissionLevel;
  comment: PermissionLevel;
  explain: PermissionLevel;
  read_field_blacklist: string[];
  write_field_blacklist: string[];
  status_blacklist: string[];
}

/**
 * The caller's permission on a collection. For a workflow collection the top-level levels are the most
 * permissive of its status rows (so "some read access" is `read !== 'none'`); `statuses` holds each status'
 * own row and `$create` the row for new items, when the server has them.
 */
export interface CollectionPermission extends PermissionRow {
  statuses?: Record<string, PermissionRow>;
  $create?: PermissionRow;
}

export interface CurrentUserRole {
  id: number;
  name: string;
  module_listing?: ModuleLink[] | null;
  collection_listing?: CollectionGroup[] | null;
  [key: string]: unknown;
}

export interface CurrentUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: CurrentUserRole | number;
  locale?: string;
  /** The profile's time zone (an IANA id; v8 also stored a few others); empty: the browser's. */
  timezone?: string | null;
  theme?: 'auto' | 'light' | 'dark' | string;
  avatar?: unknown;
  last_page?: string;
}

/** An entry of a role's module_listing: a link in the module bar. */
export interface ModuleLink {
  name: string;
  link: string;
  icon?: string;
  enabled?: boolean;
}

/** An entry of a role's collection_listing: a named group of collection links in the navigation. */
export interface CollectionGroup {
  group_name?: string | null;
  name?: string | null;
  collections: { collection: string }[];
}

export interface Schema {
  collections: Record<string, CollectionMeta>;
  fields: Record<string, FieldDefinition[]>;
  relations: RelationRow[];
}

/** Everything hydration loaded for the current project. */
export interface AppData {
  project: string;
  api: ApiClient;
  user: CurrentUser;
  admin: boolean;
  schema: Schema;
  /** Keyed by collection; absent for admins (full everything). */
  permissions: Record<string, CollectionPermission> | null;
  settings: Record<string, any>;
  registry: DefinitionRegistry;
  modules: ModuleDefinition[];
  bookmarks: Preset[];
  /** The user's listing presets, by collection (null: none saved yet). Loaded on first use. */
  presets: Record<string, Preset | null>;
  serverInfo: {
    maxUploadSize: number | null;
    version: string | null;
    database: string | null;
    /** The instance's map tile server (project info `server.map`); null: none configured. */
    mapTiles?: { url: string; attribution: string } | null;
  };
  /** Whether the server listed any interface, layout or module (else: the extensions-missing page). */
  extensionsLoaded: boolean;
}
