/** The shapes the engines interpret. They mirror schemas/meta/*.schema.json. */

/** A Directus field type (schema-v8 §3.1). */
export type FieldType =
  | 'alias'
  | 'array'
  | 'binary'
  | 'boolean'
  | 'datetime'
  | 'date'
  | 'time'
  | 'file'
  | 'hash'
  | 'group'
  | 'integer'
  | 'decimal'
  | 'json'
  | 'lang'
  | 'm2o'
  | 'o2m'
  | 'slug'
  | 'sort'
  | 'status'
  | 'string'
  | 'translation'
  | 'uuid'
  | 'datetime_created'
  | 'datetime_updated'
  | 'owner'
  | 'user_updated'
  | 'user';

/** The flags of a directus_fields row arrive as booleans, 0/1 or '0'/'1'. */
export type Flag = boolean | 0 | 1 | '0' | '1' | null;

export type FieldWidth = 'half' | 'half-left' | 'half-right' | 'full' | 'fill' | 'half-space';

/** A field definition: the shape of a directus_fields row (also used for interface options). */
export interface FieldDefinition {
  id?: number | null;
  collection?: string | null;
  field: string;
  /** Label; the field name is humanised when absent. */
  name?: string;
  type: FieldType | string;
  datatype?: string | null;
  length?: number | string | null;
  interface?: string | null;
  options?: Record<string, unknown> | null;
  default_value?: unknown;
  required?: Flag;
  readonly?: Flag;
  locked?: Flag;
  hidden_detail?: Flag;
  hidden_browse?: Flag;
  primary_key?: Flag;
  unique?: Flag;
  /** The column has an index of its own (an Octavo extension of the v8 field object). */
  index?: Flag;
  signed?: Flag;
  advanced?: boolean;
  validation?: string | null;
  sort?: number | null;
  width?: FieldWidth | null;
  group?: number | null;
  note?: string | null;
  translation?: unknown[] | null;
  /**
   * Of an interface's option: its free-text `default_value` (a placeholder, a button's text) in the
   * reader's language, set by the localized registry; `default_value` stays as the definition wrote it.
   */
  default_text?: string;
}

/** Which component renders a value and how its props are computed (see resolveBindingProps). */
export interface Binding {
  component: string;
  props?: Record<string, unknown>;
}

export interface InterfaceDefinition {
  id: string;
  name: string;
  icon: string;
  description?: string;
  version?: string;
  types: string[];
  recommended?: { datatype?: string; length?: number | null; default_value?: unknown; required?: boolean };
  relation?: string;
  hide_label?: boolean;
  fieldset?: boolean;
  hidden?: boolean;
  translation?: Record<string, unknown>;
  options: FieldDefinition[];
  binding: Binding;
  display?: Binding;
  module?: string;
  /** Set by the server: true for definitions shipped in schemas/. */
  core?: boolean;
  /** Set by the server for custom definitions that ship an ES module: where to import it from. */
  module_url?: string;
}

export interface LayoutDefinition {
  id: string;
  name: string;
  icon: string;
  description?: string;
  version?: string;
  translation?: Record<string, unknown>;
  view_options: FieldDefinition[];
  view_query: FieldDefinition[];
  component: string;
  module?: string;
  core?: boolean;
  module_url?: string;
}

export interface ModuleDefinition {
  id: string;
  name: string;
  icon: string;
  translation?: Record<string, unknown>;
  module?: string;
  core?: boolean;
  module_url?: string;
}

/** The caller's permission on the collection being edited (a directus_permissions row, or the admin's). */
export interface FieldPermissions {
  read_field_blacklist?: string[] | string | null;
  write_field_blacklist?: string[] | string | null;
}
