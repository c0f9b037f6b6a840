import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Node-only (the regeneration script and the tests): the definition files as the catalogue of their
 * text is built from them.
 */
export const DEFINITIONS_CATALOG = 'app/i18n/locales/en-US/definitions.json';
/** The en-US catalogue of the system collections' fields (`schemas/meta/system-messages.ts`). */
export const SYSTEM_FIELDS_CATALOG = 'app/i18n/locales/en-US/system-fields.json';

type Definition = Parameters<typeof import('../schemas/meta/definition-messages').messagesOf>[1];

function readFolder(folder: string): Definition[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as Definition);
}

/** Every core interface and layout definition under `root`/schemas. */
export function readDefinitions(root: string): { interfaces: Definition[]; layouts: Definition[] } {
  return {
    interfaces: readFolder(join(root, 'schemas', 'interfaces')),
    layouts: readFolder(join(root, 'schemas', 'layouts')),
  };
}

type SystemCollection = Parameters<typeof import('../schemas/meta/system-messages').messagesOfSystem>[0];

/** Every system collection definition (`schemas/system/*.json`) under `root`. */
export function readSystemCollections(root: string): SystemCollection[] {
  return readFolder(join(root, 'schemas', 'system')) as unknown as SystemCollection[];
}
