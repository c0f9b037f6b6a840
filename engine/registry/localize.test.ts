import { describe, expect, it } from 'vitest';
import { createIntl } from '@formatjs/intl';
import enUS from '../../app/i18n/locales/en-US/definitions.json';
import { byName, localizeDefinition } from './localize';
import { createCoreRegistry } from './core-registry';
import type { DefinitionText } from './localize';

/** A few German messages, as a de-DE catalogue would hold them. */
const german: Record<string, string> = {
  'definitions.interface.button-group.name': 'Schaltflächengruppe',
  'definitions.interface.button-group.option.theme.name': 'Stil',
  'definitions.interface.button-group.option.theme.choice.outline': 'Umriss',
  'definitions.interface.dropdown.name': 'Auswahlliste',
  'definitions.layout.tabular.name': 'Tabelle',
  'definitions.layout.tabular.option.spacing.name': 'Zeilenabstand',
  'definitions.layout.tabular.option.spacing.choice.compact': 'Kompakt',
  'definitions.layout.calendar.option.date.placeholder': 'Das erste Datumsfeld',
};
const text: DefinitionText = (id) => german[id];

describe('localizeDefinition', () => {
  const registry = createCoreRegistry();

  it('translates the name, option names and choice labels it has keys for, keeping the rest', () => {
    const original = registry.getInterface('button-group')!;
    const local = localizeDefinition('interface', original, text);
    expect(local.name).toBe('Schaltflächengruppe');
    const theme = local.options.find((option) => option.field === 'theme')!;
    expect(theme.name).toBe('Stil');
    expect(theme.options?.choices).toEqual(
      expect.arrayContaining([expect.objectContaining({ value: 'outline', label: 'Umriss' })]),
    );
    // No key in this catalogue: the definition's own words.
    const choices = local.options.find((option) => option.field === 'choices')!;
    expect(choices.name).toBe('Choices');
    // The definition itself is untouched.
    expect(original.name).toBe('Button Group');
    expect(original.options.find((option) => option.field === 'theme')!.name).toBe('Theme');
  });

  it('translates a layout: its name, view options, choice labels and placeholders', () => {
    const tabular = localizeDefinition('layout', registry.resolveLayout('tabular').definition, text);
    expect(tabular.name).toBe('Tabelle');
    const spacing = [...tabular.view_options, ...tabular.view_query].find((o) => o.field === 'spacing')!;
    expect(spacing.name).toBe('Zeilenabstand');
    const labels = JSON.stringify(spacing.options?.choices);
    expect(labels).toContain('Kompakt');
    const calendar = localizeDefinition('layout', registry.resolveLayout('calendar').definition, text);
    const date = [...calendar.view_options, ...calendar.view_query].find((o) => o.field === 'date')!;
    expect(date.options?.placeholder).toBe('Das erste Datumsfeld');
  });

  it("leaves an extension's definition in its own words, even under a core id", () => {
    const custom = { ...registry.getInterface('dropdown')!, core: false };
    expect(localizeDefinition('interface', custom, text).name).toBe('Dropdown');
  });

  it('gives back the en-US text of every core definition from the en-US catalogue', () => {
    const intl = createIntl({ locale: 'en-US', messages: enUS as Record<string, string> });
    const english: DefinitionText = (id) => (id in enUS ? intl.formatMessage({ id }) : undefined);
    let defaults = 0;
    for (const definition of registry.interfaces()) {
      const local = localizeDefinition('interface', definition, english);
      // A free-text option's default comes back beside the definition's own (`default_text`), the same words.
      const options = local.options.map(({ default_text, ...option }) => {
        if (default_text !== undefined) {
          defaults += 1;
          expect(default_text).toBe(option.default_value);
        }
        return option;
      });
      expect({ ...local, options }).toEqual(definition);
    }
    expect(defaults).toBe(Object.keys(enUS).filter((id) => id.endsWith('.default')).length);
    for (const definition of registry.layouts())
      expect(localizeDefinition('layout', definition, english)).toEqual(definition);
  });
});

describe('a localized view of the registry', () => {
  it('answers translated definitions and shares what is added later with the registry', () => {
    const registry = createCoreRegistry();
    const view = registry.localized(text);
    expect(view.getInterface('dropdown')!.name).toBe('Auswahlliste');
    expect(view.resolveInterface('dropdown').definition.name).toBe('Auswahlliste');
    expect(view.resolveLayout('nowhere').definition.name).toBe('Tabelle');
    expect(view.interfaces().find((d) => d.id === 'dropdown')!.name).toBe('Auswahlliste');
    expect(registry.getInterface('dropdown')!.name).toBe('Dropdown');
    view.addDefinitions('interface', [
      {
        id: 'code-input',
        name: 'Code',
        icon: 'code',
        types: ['string'],
        options: [],
        binding: { component: 'input' },
        core: false,
      },
    ]);
    expect(registry.getInterface('code-input')!.name).toBe('Code');
    expect(view.getInterface('code-input')!.name).toBe('Code');
    expect(view.problems()).toEqual(registry.problems());
  });
});

describe('byName', () => {
  it("sorts by the translated name as the user's language does", () => {
    const names = ['Zahl', 'Ärger', 'Apfel', 'Öl', 'Ofen'].map((name) => ({ name }));
    expect(names.sort(byName('de-DE')).map((entry) => entry.name)).toEqual([
      'Apfel',
      'Ärger',
      'Ofen',
      'Öl',
      'Zahl',
    ]);
    const swedish = ['Öl', 'Ofen', 'Zahl'].map((name) => ({ name }));
    expect(swedish.sort(byName('sv-SE')).map((entry) => entry.name)).toEqual(['Ofen', 'Zahl', 'Öl']);
  });
});
