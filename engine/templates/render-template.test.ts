import { renderTemplate, templateFields, getPath } from './render-template';

describe('templates', () => {
  it('renders fields and nested paths, with or without spaces in the braces', () => {
    const item = { first_name: 'Ada', last_name: 'Lovelace', author: { role: { name: 'Admin' } } };
    expect(renderTemplate('{{first_name}} {{ last_name }}', item)).toBe('Ada Lovelace');
    expect(renderTemplate('Role: {{ author.role.name }}', item)).toBe('Role: Admin');
  });

  it('renders missing values as empty text', () => {
    expect(
      renderTemplate('{{ title }}|{{ author.name }}|{{ nothing.at.all }}', { title: null, author: null }),
    ).toBe('||');
  });

  it('renders numbers, booleans, array indexes and objects', () => {
    expect(
      renderTemplate('{{ n }} {{ b }} {{ tags.1 }} {{ o }}', {
        n: 0,
        b: false,
        tags: ['a', 'b'],
        o: { x: 1 },
      }),
    ).toBe('0 false b {"x":1}');
  });

  it('does not evaluate anything but paths', () => {
    expect(renderTemplate('{{ constructor.name }}', {})).toBe('');
    expect(renderTemplate('{{ 1 + 1 }}', {})).toBe('{{ 1 + 1 }}');
    expect(getPath({ a: 'text' }, 'a.length')).toBeUndefined();
  });

  it('lists the fields a template reads', () => {
    expect(templateFields('{{ first_name }} {{last_name}} {{ role.name }}')).toEqual([
      'first_name',
      'last_name',
      'role.name',
    ]);
  });
});
