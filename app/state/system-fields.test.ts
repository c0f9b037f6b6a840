import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../engine/types';
import type { Schema } from './types';
import {
  keepUnchanged,
  localizeFields,
  localizeSchema,
  localizeSystemField,
  localizeZoneChoices,
} from './system-fields';

const GERMAN: Record<string, string> = {
  'system.directus_users.first_name.name': 'Vorname',
  'system.directus_users.theme.name': 'Design',
  'system.directus_users.theme.choice.auto': 'Automatisch',
  'system.directus_users.theme.choice.dark': 'Dunkel',
  'system.directus_users.timezone.option.placeholder': 'Zeitzone wählen …',
  'system.directus_settings.project_name.note': 'Name des Projekts',
  'system.directus_settings.logo_divider.option.title': 'Logo',
  'system.directus_settings.logo_divider.option.description': 'Das Bild oben links',
  'system.directus_files.type.choice.image': 'Bild',
};
const text = (id: string) => GERMAN[id];

const field = (collection: string, name: string, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  collection,
  field: name,
  type: 'string',
  ...extra,
});

describe('localizeSystemField', () => {
  it('translates the label, the note and the text options of a system field', () => {
    expect(localizeSystemField(field('directus_users', 'first_name'), text, 'de-DE').name).toBe('Vorname');
    const divider = localizeSystemField(
      field('directus_settings', 'logo_divider', {
        note: 'Shown on top',
        options: { title: 'Logo', description: 'The image on the top left', hr: true },
      }),
      text,
      'de-DE',
    );
    expect(divider.options).toEqual({ title: 'Logo', description: 'Das Bild oben links', hr: true });
    // No message for this note: the served words stay.
    expect(divider.note).toBe('Shown on top');
    const name = localizeSystemField(
      field('directus_settings', 'project_name', { note: 'The name of the project' }),
      text,
      'de-DE',
    );
    expect(name.note).toBe('Name des Projekts');
    // No name message: no name, so the label is formatted from the key as before.
    expect(name.name).toBeUndefined();
  });

  it('translates choice labels by the slug of their served English text, keeping the values', () => {
    const theme = localizeSystemField(
      field('directus_users', 'theme', {
        options: { choices: { auto: 'Auto', light: 'Light', dark: 'Dark' } },
      }),
      text,
      'de-DE',
    );
    expect(theme.options?.choices).toEqual({ auto: 'Automatisch', light: 'Light', dark: 'Dunkel' });
    const list = localizeSystemField(
      field('directus_files', 'type', { options: { choices: [{ value: 'image/*', label: 'Image' }] } }),
      text,
      'de-DE',
    );
    expect(list.options?.choices).toEqual([{ value: 'image/*', label: 'Bild' }]);
  });

  it('leaves a user collection’s field and the original definition untouched', () => {
    const own = field('articles', 'first_name', { note: 'Data' });
    expect(localizeSystemField(own, text, 'de-DE')).toBe(own);
    const list = [own];
    expect(localizeFields(list, 'articles', text, 'de-DE')).toBe(list);
    const system = field('directus_users', 'first_name');
    localizeSystemField(system, text, 'de-DE');
    expect(system.name).toBeUndefined();
  });

  it('takes the collection from the caller for rows that do not name it', () => {
    const row = { field: 'first_name', type: 'string' };
    expect(localizeSystemField(row, text, 'de-DE', 'directus_users').name).toBe('Vorname');
    expect(localizeFields([row], 'directus_users', text, 'de-DE')[0].name).toBe('Vorname');
  });
});

describe('the time zone choices', () => {
  const served = {
    'Europe/Berlin': '(UTC+01:00) Berlin',
    'Europe/Paris': '(UTC+01:00) Paris',
    'America/New_York': '(UTC-05:00) Eastern Time (US & Canada)',
    'Not/A_Zone': '(UTC+02:00) Nowhere',
    'US/Eastern': '(UTC-05:00) Eastern Time (US & Canada)',
  };

  it('are named in the reader’s language with the served offset and the city, in the served order', () => {
    const german = localizeZoneChoices(served, 'de-DE');
    expect(Object.keys(german)).toEqual(Object.keys(served));
    const zone = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', timeZoneName: 'longGeneric' })
      .formatToParts(new Date(0))
      .find((part) => part.type === 'timeZoneName')!.value;
    expect(german['Europe/Berlin']).toBe(`(UTC+01:00) ${zone} (Berlin)`);
    // Two zones of one name are told apart by their city.
    expect(german['Europe/Paris']).toBe(`(UTC+01:00) ${zone} (Paris)`);
    expect(german['America/New_York']).toMatch(/^\(UTC-05:00\) .+ \(New York\)$/);
    expect(german['America/New_York']).not.toContain('Eastern');
    // A legacy id names a region, not a city: the zone's name alone.
    expect(german['US/Eastern']).toMatch(/^\(UTC-05:00\) [^()]+$/);
    expect(german['US/Eastern']).not.toContain('Eastern');
    // A zone Intl does not know keeps its offset and names its city.
    expect(german['Not/A_Zone']).toBe('(UTC+02:00) A Zone');
  });

  it('replace the served English labels of directus_users.timezone, the placeholder from the catalogue', () => {
    const zone = localizeSystemField(
      field('directus_users', 'timezone', {
        options: { choices: served, placeholder: 'Choose a timezone...' },
      }),
      text,
      'fr-FR',
    );
    expect(zone.options?.placeholder).toBe('Zeitzone wählen …');
    expect((zone.options?.choices as Record<string, string>)['Europe/Berlin']).toMatch(
      /^\(UTC\+01:00\) .+\(Berlin\)$/,
    );
    expect((zone.options?.choices as Record<string, string>)['Europe/Berlin']).not.toBe(
      localizeZoneChoices(served, 'de-DE')['Europe/Berlin'],
    );
  });
});

describe('localizeSchema', () => {
  const schema: Schema = {
    collections: {},
    relations: [],
    fields: {
      articles: [field('articles', 'title')],
      directus_users: [field('directus_users', 'first_name')],
    },
  };

  it('localizes the system collections and keeps the user collections’ lists as they are', () => {
    const localized = localizeSchema(schema, text, 'de-DE');
    expect(localized.fields.articles).toBe(schema.fields.articles);
    expect(localized.fields.directus_users[0].name).toBe('Vorname');
    expect(schema.fields.directus_users[0].name).toBeUndefined();
  });

  it('keeps the previous result when a new catalogue changed none of its words', () => {
    const first = localizeSchema(schema, text, 'de-DE');
    expect(keepUnchanged(first, localizeSchema(schema, text, 'de-DE'))).toBe(first);
    const english = localizeSchema(schema, () => undefined, 'de-DE');
    const next = keepUnchanged(first, english);
    expect(next).not.toBe(first);
    expect(next.fields.articles).toBe(first.fields.articles);
    expect(next.fields.directus_users[0].name).toBeUndefined();
  });
});
