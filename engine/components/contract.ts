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

/** Data the relational interfaces need, provided by the app (the engine makes no API calls). */
export interface FormServices {
  /** Items of the collection a relational field (m2o, o2m, user, file) points at. */
  loadRelatedItems?: (
    field: FieldDefinition,
    query: { search?: string; limit: number },
  ) => Promise<RelatedItems>;
  /** Opens the app's item picker modal for a relational field; resolves with the choice, null when cancelled. */
  pickItem?: (field: FieldDefinition, current: unknown) => Promise<PickedItem | null>;
  /** Uploads a file to the file library (file, files); resolves with the new directus_files item. */
  uploadFile?: (file: File, onProgress?: (percent: number) => void) => Promise<Record<string, unknown>>;
  /** The project's collections (collections interface), with display names. */
  collections?: () => { collection: string; name: string; system: boolean; hidden: boolean }[];
  /** A fresh two-factor secret from the server (2fa-secret interface). */
  newTwoFactorSecret?: () => Promise<string>;
  /** The map tile server the instance allows (map interface); null when none is configured. */
  mapTiles?: { url: string; attribution: string } | null;
}

export const FormServicesContext = createContext<FormServices>({});

/**
 * The registry of the form being drawn, for interfaces that list or draw other interfaces
 * (interfaces, interface-options, repeater, key-value draw nested forms with it).
 */
export const FormRegistryContext = createContext<DefinitionRegistry | null>(null);
