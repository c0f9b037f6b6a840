import { describe, expect, it } from 'vitest';
import { createCoreRegistry } from '../registry/core-registry';
import { optionsWithDefaults } from '../form/rules';
import { localizedDefaults, resolveBindingProps } from './resolve-props';
import type { FieldDefinition } from '../types';

/** The free-text defaults as a de-DE catalogue of the definitions holds them. */
const german: Record<string, string> = {
  'definitions.interface.dropdown.option.placeholder.default': 'Bitte wählen …',
  'definitions.interface.repeater.option.createItemText.default': 'Eintrag anlegen',
};
const registry = createCoreRegistry().localized((id) => german[id]);

function propsOf(interfaceId: string, stored: Record<string, unknown> | null): Record<string, unknown> {
  const { definition } = registry.resolveInterface(interfaceId);
  const field: FieldDefinition = { field: 'pick', type: 'string', interface: interfaceId, options: stored };
  return resolveBindingProps(definition.binding, {
    options: optionsWithDefaults(definition, stored),
    field,
    form: { newItem: false },
    definitionOptions: definition.options,
  });
}

describe('free-text option defaults in the user’s language', () => {
  const dropdown = registry.resolveInterface('dropdown').definition;
  const english = dropdown.options.find((option) => option.field === 'placeholder')!.default_value;

  it('replace an absent option and one still equal to the definition’s English default', () => {
    expect(english).toBe('Choose one...');
    expect(propsOf('dropdown', null).placeholder).toBe('Bitte wählen …');
    expect(propsOf('dropdown', { placeholder: english }).placeholder).toBe('Bitte wählen …');
    expect(propsOf('repeater', {}).createItemText).toBe('Eintrag anlegen');
  });

  it('keep what an administrator typed, and the definition’s own default', () => {
    expect(propsOf('dropdown', { placeholder: 'Pick a colour' }).placeholder).toBe('Pick a colour');
    expect(dropdown.options.find((option) => option.field === 'placeholder')!.default_value).toBe(english);
  });

  it('leave the options alone without a localized definition (no text for the default)', () => {
    const plain = createCoreRegistry().resolveInterface('dropdown').definition;
    const options = optionsWithDefaults(plain, null);
    expect(localizedDefaults(options, plain.options)).toBe(options);
    expect(localizedDefaults(options, undefined)).toBe(options);
  });
});
