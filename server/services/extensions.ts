import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import interfaceSchema from '../../schemas/meta/interface.schema.json' with { type: 'json' };
import layoutSchema from '../../schemas/meta/layout.schema.json' with { type: 'json' };
import { formatDefinitionErrors } from '../../schemas/meta/format-errors';
import { ROOT } from '../paths';

export type ExtensionKind = 'interfaces' | 'layouts' | 'modules';
export const EXTENSION_KINDS: ExtensionKind[] = ['interfaces', 'layouts', 'modules'];

export interface ExtensionListing {
  data: Record<string, unknown>[];
  /** One sentence per definition that was skipped, naming its file and field. */
  warnings: string[];
}

const SCHEMAS_DIR = join(ROOT, 'schemas');

/** Modules have no meta-schema file of their own yet: id, name, icon and an optional ES module. */
const moduleSchema = {
  $id: 'https://octavo.dev/schemas/meta/module.schema.json',
  type: 'object',
  required: ['id', 'name', 'icon'],
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    id: { $ref: 'interface.schema.json#/definitions/id' },
    name: { type: 'string', pattern: '\\S' },
    icon: { type: 'string', pattern: '\\S' },
    description: { type: 'string' },
    version: { type: 'string' },
    translation: { type: 'object' },
    module: { type: 'string', pattern: '^[A-Za-z0-9_.-]+\\.m?js$' },
  },
};

const ajv = new Ajv({
  allErrors: true,
  allowUnionTypes: true,
  schemas: [interfaceSchema, layoutSchema, moduleSchema],
});
const validators: Record<ExtensionKind, ValidateFunction> = {
  interfaces: ajv.getSchema(interfaceSchema.$id)!,
  layouts: ajv.getSchema(layoutSchema.$id)!,
  modules: ajv.getSchema(moduleSchema.$id)!,
};

const OPTION_LISTS: Record<ExtensionKind, string[]> = {
  interfaces: ['options'],
  layouts: ['view_options', 'view_query'],
  modules: [],
};

/** Problems with one definition (empty when valid): schema errors plus duplicate option names. */
export function checkDefinition(kind: ExtensionKind, definition: unknown, file: string): string[] {
  const validate = validators[kind];
  if (!validate(definition)) return formatDefinitionErrors(file, definition, validate.errors ?? []);
  const errors: string[] = [];
  for (const list of OPTION_LISTS[kind]) {
    const seen = new Set<string>();
    ((definition as Record<string, { field: string }[]>)[list] ?? []).forEach((entry, index) => {
      if (seen.has(entry.field))
        errors.push(`${file}: ${list}[${index}] (${entry.field}).field: is defined twice`);
      seen.add(entry.field);
    });
  }
  return errors;
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** The core definitions shipped in schemas/ (modules have none). */
function loadCore(kind: ExtensionKind, schemasDir: string): Record<string, unknown>[] {
  const dir = join(schemasDir, kind);
  if (kind === 'modules' || !existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const { $schema: _schema, ...definition } = readJson(join(dir, name)) as Record<string, unknown>;
      return { ...definition, core: true };
    });
}

/** The definition file of a custom extension folder: `<id>.json`, else `definition.json`. */
export function definitionFile(folder: string, id: string): string | null {
  for (const name of [`${id}.json`, 'definition.json']) {
    const path = join(folder, name);
    if (existsSync(path)) return path;
  }
  return null;
}

/**
 * Lists core plus custom definitions of one kind. Custom ones live in
 * `<dataDir>/extensions/<kind>/<id>/` and are validated; a broken one is skipped and reported in
 * `warnings`, never thrown.
 */
export function listExtensions(
  kind: ExtensionKind,
  dataDir: string,
  schemasDir = SCHEMAS_DIR,
): ExtensionListing {
  const data = loadCore(kind, schemasDir);
  const warnings: string[] = [];
  const coreIds = new Set(data.map((definition) => definition.id));
  const root = join(dataDir, 'extensions', kind);
  if (!existsSync(root)) return { data, warnings };

  for (const id of readdirSync(root).sort()) {
    const folder = join(root, id);
    if (!statSync(folder).isDirectory()) continue;
    const label = `extensions/${kind}/${id}`;
    const path = definitionFile(folder, id);
    if (!path) {
      warnings.push(`${label}: no ${id}.json or definition.json`);
      continue;
    }
    const file = `${label}/${path.slice(folder.length + 1)}`;
    let definition: Record<string, unknown>;
    try {
      definition = readJson(path) as Record<string, unknown>;
    } catch (error) {
      warnings.push(`${file}: not valid JSON (${(error as Error).message})`);
      continue;
    }
    const errors = checkDefinition(kind, definition, file);
    if (errors.length === 0 && definition.id !== id)
      errors.push(`${file}: id: "${String(definition.id)}" must match its folder "${id}"`);
    if (errors.length === 0 && coreIds.has(id))
      errors.push(`${file}: id: "${id}" is a core ${kind.slice(0, -1)} and cannot be replaced`);
    const module = definition.module as string | undefined;
    if (errors.length === 0 && module && !existsSync(join(folder, module)))
      errors.push(`${file}: module: "${module}" does not exist`);
    if (errors.length > 0) {
      warnings.push(...errors);
      continue;
    }
    const { $schema: _schema, ...rest } = definition;
    data.push({
      ...rest,
      core: false,
      ...(module ? { module_url: `extensions/${kind}/${id}/${module}` } : {}),
    });
  }
  return { data, warnings };
}

/** Files an extension folder may serve: ES modules and style sheets, one name, no leading dot. */
const SERVABLE_FILE = /^[A-Za-z0-9_][A-Za-z0-9_.-]*\.(m?js|css)$/;

/**
 * A file of a valid custom extension that the browser may load: its declared module, the modules that
 * one imports from its own folder, and style sheets. Null for anything else: other kinds of file,
 * names with a path in them, folders of broken or unknown definitions, and anything that would
 * resolve outside the extension's folder.
 */
export function extensionModulePath(
  kind: ExtensionKind,
  dataDir: string,
  id: string,
  file: string,
): string | null {
  if (!SERVABLE_FILE.test(file) || file.includes('..')) return null;
  const listing = listExtensions(kind, dataDir);
  if (!listing.data.some((entry) => entry.id === id && entry.core === false)) return null;
  const folder = resolve(dataDir, 'extensions', kind, id);
  const path = resolve(folder, file);
  if (dirname(path) !== folder) return null;
  try {
    // realpath: a symbolic link must not lead out of the folder either.
    const real = realpathSync(path);
    if (dirname(real) !== realpathSync(folder) || !statSync(real).isFile()) return null;
    return real;
  } catch {
    return null;
  }
}
