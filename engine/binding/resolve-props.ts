import type { Binding, FieldDefinition } from '../types';

export interface BindingContext {
  /** The interface options of the field, with the definition's defaults filled in. */
  options: Record<string, unknown>;
  field: FieldDefinition;
  form: { newItem: boolean };
  /**
   * The interface definition's options (of the localized registry): a free-text option left at its
   * default reads in the user's language (`localizedDefaults`).
   */
  definitionOptions?: FieldDefinition[];
}

/**
 * The options with each free-text option that is absent or still the definition's own default (a
 * placeholder such as `Choose one...`, a button's `Create Item`) replaced by that default in the
 * user's language (`default_text`, from the localized registry). A value an administrator typed is
 * data and stays as typed.
 */
export function localizedDefaults(
  options: Record<string, unknown>,
  definitionOptions: FieldDefinition[] | undefined,
): Record<string, unknown> {
  let out = options;
  for (const option of definitionOptions ?? []) {
    if (typeof option.default_text !== 'string') continue;
    const value = options[option.field];
    if (value === undefined || value === null || value === option.default_value) {
      if (out === options) out = { ...options };
      out[option.field] = option.default_text;
    }
  }
  return out;
}

/**
 * Computes a component's props from a binding: a string `$options.x` reads an option, `$field.x`
 * an attribute of the field definition, `$form.newItem` / `$form.existing` whether the item is new;
 * anything else is passed as written. Without `props`, every option is passed.
 */
export function resolveBindingProps(binding: Binding, given: BindingContext): Record<string, unknown> {
  const context = { ...given, options: localizedDefaults(given.options, given.definitionOptions) };
  if (!binding.props) return { ...context.options };
  const props: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(binding.props)) {
    props[name] = resolveReference(spec, context);
  }
  return props;
}

function resolveReference(spec: unknown, context: BindingContext): unknown {
  if (typeof spec !== 'string' || !spec.startsWith('$')) return spec;
  const [scope, key] = splitOnce(spec.slice(1), '.');
  switch (scope) {
    case 'options':
      return context.options[key];
    case 'field':
      return (context.field as unknown as Record<string, unknown>)[key];
    case 'form':
      if (key === 'newItem') return context.form.newItem;
      if (key === 'existing') return !context.form.newItem;
      return undefined;
    default:
      return spec;
  }
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return at === -1 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)];
}
