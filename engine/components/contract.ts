import { createContext, type ComponentType } from 'react';
import type { FieldDefinition } from '../types';
import type { DefinitionRegistry } from '../registry/registry';

/**
 * The props every interface component receives, core or custom: the standard contract below plus
 * the props its definition's binding computes from the options and the field.
 */
export interface InterfaceComponentProps {
  /** DOM id of the main control; the form's label points at it. */
  id: string;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Read-only, blocked in batch mode, or not writable for the caller. */
  disabled: boolean;
  required: boolean;
  /** Id of the note under the field, for aria-describedby. */
  describedBy?: string;
  field: FieldDefinition;
  /** The whole item being edited (current values). */
  values: Record<string, unknown>;
  newItem: boolean;
  [prop: string]: unknown;
}

export type InterfaceComponent = ComponentType<InterfaceComponentProps>;

export interface RelatedItems {
  items: Record<string, unknown>[];
  /** The primary key field of the related collection. */
  primaryKey: string;
  /** True when the related collection holds more items than were loaded (the picker replaces the dropdown). */
  more?: boolean;
}

/** An item chosen in the app's item picker. */
export interface PickedItem {
  item: Record<string, unknown>;
  primaryKey: string;
}

/** A collection as a relational interface needs it: name, primary key, fields. */
export interface RelatedCollection {
  collection: string;
  primaryKey: string;
  fields: FieldDefinition[];
}

/**
 * Where a relational field leads (schema-v8 §5) and what the caller may do there. `collection` is where the
 * field's value items live: the m2o target, the o2m children, the m2m junction rows, the translation rows.
 */
export interface RelationInfo extends RelatedCollection {
  kind: 'm2o' | 'o2m' | 'm2m' | 'translation';
  /** o2m, m2m, translation: the field of `collection` that points back at the edited item. */
  backLink: string | null;
  /** m2m: the junction's field that points at the far collection. */
  junctionField: string | null;
  /** m2m: the far collection (topics, directus_files). */
  far: RelatedCollection | null;
  /** translation: the collection the translations' language field points at, when it has a relation. */
  languages?: string | null;
  /** A sort field of `collection` (o2m `sort_field`, or the junction's sort field), when there is one. */
  sortField: string | null;
  /** What the caller may do (mirrors the server's permissions; the server still refuses what is not allowed). */
  may: {
    /** Create items in `collection` (new children, junction rows, translation rows). */
    create: boolean;
    /** Update items of `collection` (edit a child or translation, unlink, reorder). */
    update: boolean;
    /** Delete items of `collection` (m2m remove, o2m delete_mode item). */
    delete: boolean;
    /** m2m: create items in the far collection (a new topic). */
    createFar: boolean;
    /** m2m: update items of the far collection (edit a related item in place). */
    updateFar: boolean;
  };
}

/** What an interface hands the app's upload part (FormServices.UploadArea). */
export interface UploadAreaProps {
  /** The field's `accept` option (`image/*,.pdf`); empty: the project's own accept list. */
  accept?: string | null;
  multiple?: boolean;
  disabled?: boolean;
  /** Replaces the drop invitation. */
  label?: string;
  onUploaded: (file: Record<string, unknown>) => void;
}

/** Data the relational interfaces need, provided by the app (the engine makes no API calls). */
export interface FormServices {
  /** Items of the collection a relational field (m2o, o2m, user, file) points at. */
  loadRelatedItems?: (
    field: FieldDefinition,
    query: { search?: string; limit: number },
  ) => Promise<RelatedItems>;
  /** Opens the app's item picker modal for a relational field; resolves with the choice, null when cancelled. */
  pickItem?: (field: FieldDefinition, current: unknown) => Promise<PickedItem | null>;
  /** Where a relational field leads and what the caller may do there; null when it has no relation. */
  relation?: (field: FieldDefinition) => RelationInfo | null;
  /** Items of any readable collection (the far side of an m2m, a languages collection, roles). */
  loadItems?: (
    collection: string,
    query: { search?: string; limit: number; sort?: string; filter?: Record<string, unknown> },
  ) => Promise<RelatedItems>;
  /** Opens the app's item picker on any collection; resolves with the chosen item, null when cancelled. */
  pickFrom?: (collection: string, options?: { template?: string | null }) => Promise<PickedItem | null>;
  /** Deletes a file item from the library (file interface, `allowDelete`). */
  deleteFile?: (key: unknown) => Promise<void>;
  /**
   * Uploads a file to the file library (wysiwyg images); resolves with the new directus_files item. The app
   * runs it through the same upload machine as `UploadArea` (refusals, progress held at 95 until the answer).
   */
  uploadFile?: (file: File, onProgress?: (percent: number) => void) => Promise<Record<string, unknown>>;
  /**
   * The app's upload part (file, files): a drop zone and one row per file with its progress, cancel, retry,
   * refusals by size and type, the server's message on failure. Each created file item goes to `onUploaded`.
   */
  UploadArea?: ComponentType<UploadAreaProps>;
  /** The project's collections (collections interface), with display names. */
  collections?: () => { collection: string; name: string; system: boolean; hidden: boolean }[];
  /** A fresh two-factor secret from the server (2fa-secret interface). */
  newTwoFactorSecret?: () => Promise<string>;
  /** The map tile server the instance allows (map interface); null when none is configured. */
  mapTiles?: { url: string; attribution: string } | null;
  /**
   * The fields of the collection a listing shows (the layout interfaces of its view options panel:
   * columns, sort, image and template fields); the role's unreadable fields are left out.
   */
  layoutFields?: FieldDefinition[];
  /** The collection a field of `layoutFields` points at (an m2o to directus_files can give a card its image). */
  layoutRelated?: (field: FieldDefinition) => string | null;
}

export const FormServicesContext = createContext<FormServices>({});

/**
 * The registry of the form being drawn, for interfaces that list or draw other interfaces
 * (interfaces, interface-options, repeater, key-value draw nested forms with it).
 */
export const FormRegistryContext = createContext<DefinitionRegistry | null>(null);
