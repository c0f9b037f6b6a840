import type { InterfaceDefinition, LayoutDefinition } from '../types';

// Every file of schemas/interfaces and schemas/layouts is bundled: adding a core interface is adding
// its JSON file (no list to keep by hand). The server lists the same folder for GET /interfaces.
const interfaceFiles = import.meta.glob<InterfaceDefinition>('../../schemas/interfaces/*.json', {
  eager: true,
  import: 'default',
});
const layoutFiles = import.meta.glob<LayoutDefinition>('../../schemas/layouts/*.json', {
  eager: true,
  import: 'default',
});

function withoutSchemaKey<T>(definition: T): T {
  const { $schema: _schema, ...rest } = definition as T & { $schema?: string };
  return rest as T;
}

/** The interface definitions bundled with the app: what the registry knows before the server answers. */
export const coreInterfaces: InterfaceDefinition[] = Object.keys(interfaceFiles)
  .sort()
  .map((path) => withoutSchemaKey(interfaceFiles[path]));

export const coreLayouts: LayoutDefinition[] = Object.keys(layoutFiles)
  .sort()
  .map((path) => withoutSchemaKey(layoutFiles[path]));
