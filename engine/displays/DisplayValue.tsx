import { useMemo } from 'react';
import type { FieldDefinition } from '../types';
import type { DefinitionRegistry } from '../registry/registry';
import { resolveBindingProps } from '../binding/resolve-props';
import { optionsWithDefaults } from '../form/rules';

export interface DisplayValueProps {
  registry: DefinitionRegistry;
  field: FieldDefinition;
  value: unknown;
  item?: Record<string, unknown>;
}

/** A read-only rendering of a value, by the display of the field's interface (plain text otherwise). */
export function DisplayValue({ registry, field, value, item }: DisplayValueProps) {
  const { Component, props } = useMemo(() => {
    const display = registry.resolveDisplay(field.interface);
    const definition = field.interface ? registry.getInterface(field.interface) : undefined;
    const options = optionsWithDefaults(definition, field.options);
    return {
      Component: display.Component,
      props: resolveBindingProps(display.binding, { options, field, form: { newItem: false } }),
    };
  }, [registry, field]);
  return <Component {...props} value={value} field={field} item={item} />;
}
