import type { Binding, FieldDefinition } from '../types';

export interface BindingContext {
  /** The interface options of the field, with the definition's defaults filled in. */
  options: Record<string, unknown>;
  field: FieldDefinition;
  form: { newItem: boolean };
}

/**
 * Computes a component's props from a binding: a string `$options.x` reads an option, `$field.x`
 * an attribute of the field definition, `$form.newItem` / `$form.existing` whether the item is new;
 * anything else is passed as written. Without `props`, every option is passed.
 */
export function resolveBindingProps(binding: Binding, context: BindingContext): Record<string, unknown> {
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
