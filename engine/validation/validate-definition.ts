import { validateInterface, validateLayout, type StandaloneValidator } from './validators.generated';
import { formatDefinitionErrors } from '../../schemas/meta/format-errors';

export type DefinitionKind = 'interface' | 'layout';

export interface DefinitionCheck {
  valid: boolean;
  /** One message per problem, naming the file and the field. */
  errors: string[];
}

const validators: Record<DefinitionKind, StandaloneValidator> = {
  interface: validateInterface,
  layout: validateLayout,
};

/**
 * Validates an interface or layout definition with the precompiled meta-schema validators (no
 * schema is compiled at run time), plus the rules JSON Schema cannot say: option names are unique.
 */
export function validateDefinition(kind: DefinitionKind, definition: unknown, file: string): DefinitionCheck {
  const validate = validators[kind];
  if (!validate(definition)) {
    return { valid: false, errors: formatDefinitionErrors(file, definition, validate.errors ?? []) };
  }
  const errors = duplicateFieldErrors(kind, definition as Record<string, unknown>, file);
  return { valid: errors.length === 0, errors };
}

function duplicateFieldErrors(
  kind: DefinitionKind,
  definition: Record<string, unknown>,
  file: string,
): string[] {
  const lists = kind === 'interface' ? ['options'] : ['view_options', 'view_query'];
  const errors: string[] = [];
  for (const list of lists) {
    const seen = new Set<string>();
    (definition[list] as { field: string }[]).forEach((entry, index) => {
      if (seen.has(entry.field))
        errors.push(`${file}: ${list}[${index}] (${entry.field}).field: is defined twice`);
      seen.add(entry.field);
    });
  }
  return errors;
}
