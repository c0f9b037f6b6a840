import type { ErrorObject } from 'ajv';

/** Lists of field definitions inside a definition: their entries are named by their `field`. */
const FIELD_LISTS = new Set(['options', 'view_options', 'view_query']);

/**
 * Turns ajv errors into one sentence per problem that names the file and the field, e.g.
 * `text-input.json: options[1] (trim).width: must be one of half, half-left, …`.
 */
export function formatDefinitionErrors(file: string, definition: unknown, errors: ErrorObject[]): string[] {
  const lines = errors.map((error) => {
    const path = describePath(definition, error.instancePath);
    const { where, message } = describeError(path, error);
    return `${file}: ${where || '(root)'}: ${message}`;
  });
  return [...new Set(lines)];
}

/** `/options/1/width` → `options[1] (trim).width`. */
function describePath(definition: unknown, instancePath: string): string {
  const segments = instancePath.split('/').slice(1).map(unescapePointer);
  let out = '';
  let node: unknown = definition;
  let parent = '';
  for (const segment of segments) {
    const isIndex = Array.isArray(node) && /^\d+$/.test(segment);
    node = node != null && typeof node === 'object' ? (node as Record<string, unknown>)[segment] : undefined;
    if (isIndex) {
      out += `[${segment}]`;
      const name = (node as { field?: unknown } | undefined)?.field;
      if (FIELD_LISTS.has(parent) && typeof name === 'string') out += ` (${name})`;
    } else {
      out += out ? `.${segment}` : segment;
    }
    parent = segment;
  }
  return out;
}

function describeError(path: string, error: ErrorObject): { where: string; message: string } {
  const join = (name: string) => (path ? `${path}.${name}` : name);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { where: join(String(params.missingProperty)), message: 'is required' };
    case 'additionalProperties':
      return { where: join(String(params.additionalProperty)), message: 'is not a known property' };
    case 'enum':
      return {
        where: path,
        message: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
      };
    case 'pattern':
      return { where: path, message: `does not match the pattern ${String(params.pattern)}` };
    case 'propertyNames':
      return { where: path, message: `has an invalid property name ${JSON.stringify(params.propertyName)}` };
    default:
      return { where: path, message: error.message ?? error.keyword };
  }
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}
