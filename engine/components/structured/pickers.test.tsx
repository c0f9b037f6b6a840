// @vitest-environment jsdom
import '../../../app/shell/catalog'; // the signed-in app's messages, as PrivateApp registers them
import { cleanup, screen, within } from '@testing-library/react';
import type { FieldDefinition } from '../../types';
import { createCoreRegistry } from '../../registry/core-registry';
import { interfaceChoices } from './InterfacePickers';
import { safeUrl } from './SimpleInterfaces';
import { enUS, makeIntl } from '../../../app/i18n';
import { renderForm, setTranslate } from './test-host';

const intl = makeIntl('en-US', enUS);
setTranslate((id, values) => intl.formatMessage({ id }, values));

afterEach(cleanup);

const designer: FieldDefinition[] = [
  { field: 'type', type: 'string', interface: 'text-input' },
  { field: 'interface', name: 'Interface', type: 'string', interface: 'interfaces' },
  {
    field: 'datatype',
    name: 'Datatype',
    type: 'json',
    interface: 'interface-types',
    options: { interfaceField: 'interface' },
  },
  {
    field: 'options',
    name: 'Options',
    type: 'json',
    interface: 'interface-options',
    options: { interfaceField: 'interface' },
  },
];

describe('interface choices', () => {
  it('filters by relational, status and type', () => {
    const registry = createCoreRegistry();
    const ids = (filter: Parameters<typeof interfaceChoices>[1]) =>
      interfaceChoices(registry, filter).map((definition) => definition.id);
    expect(ids({ relational: true, status: true })).toContain('many-to-one');
    expect(ids({ relational: false, status: true })).not.toContain('many-to-one');
    expect(ids({ relational: true, status: false })).not.toContain('status');
    const json = ids({ relational: true, status: true, type: 'json' });
    expect(json).toContain('repeater');
    expect(json).not.toContain('text-input');
  });
});

describe('interfaces, interface-types, interface-options', () => {
  it('lists the interfaces for the form type, then that interface’s types and options form', async () => {
    const { user, latest } = renderForm(designer, { type: 'json' });
    const select = screen.getByRole('combobox', { name: 'Interface' });
    const names = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names).toContain('Repeater');
    expect(names).not.toContain('Text Input');
    expect(screen.getAllByText('Choose an interface first').length).toBeGreaterThan(0);

    await user.selectOptions(select, 'key-value');
    expect(latest().interface).toBe('key-value');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Datatype' }), 'json');
    expect(latest().datatype).toBe('json');
    // The options form of key-value, with its defaults filled in.
    const options = screen.getByRole('group', { name: 'Options of Key / Value' });
    const valueInterface = within(options).getByRole('combobox', { name: 'Value interface' });
    expect((valueInterface as HTMLSelectElement).value).toBe('text-input');
    await user.selectOptions(valueInterface, 'numeric');
    expect(latest().options).toMatchObject({
      keyInterface: 'text-input',
      keyOptions: { placeholder: 'Key' },
      valueInterface: 'numeric',
    });
  });
});

describe('collections, preview', () => {
  const collections = () => [
    { collection: 'articles', name: 'Articles', system: false, hidden: false },
    { collection: 'directus_users', name: 'Users', system: true, hidden: false },
  ];

  it('offers the project’s collections by name, system ones on request', async () => {
    const fields: FieldDefinition[] = [
      { field: 'target', name: 'Target', type: 'string', interface: 'collections' },
      {
        field: 'any',
        name: 'Any',
        type: 'string',
        interface: 'collections',
        options: { include_system: true },
      },
    ];
    const { user, latest } = renderForm(fields, {}, { services: { collections } });
    const target = screen.getByRole('combobox', { name: 'Target' });
    expect(within(target).queryByRole('option', { name: /Users/ })).toBeNull();
    await user.selectOptions(target, 'articles');
    expect(latest().target).toBe('articles');
    const any = screen.getByRole('combobox', { name: 'Any' });
    expect(within(any).getByRole('option', { name: 'Users (directus_users)' })).toBeTruthy();
  });

  it('builds the preview link from the item and disables it for a new item', () => {
    const fields: FieldDefinition[] = [
      {
        field: 'preview',
        name: 'Preview',
        type: 'alias',
        interface: 'preview',
        options: { url_template: 'https://example.com/articles/{{ slug }}' },
      },
    ];
    renderForm(fields, { slug: 'hello' });
    const link = screen.getByRole('link', { name: 'Open preview' });
    expect(link.getAttribute('href')).toBe('https://example.com/articles/hello');
    cleanup();
    renderForm(fields, { slug: 'hello' }, { newItem: true });
    expect((screen.getByRole('button', { name: 'Open preview' }) as HTMLButtonElement).disabled).toBe(true);
    expect(safeUrl('javascript:alert(1)')).toBeNull();
  });
});

describe('structured displays', () => {
  it('counts rows, and names interfaces and collections', async () => {
    const { render } = await import('@testing-library/react');
    const { WithMessages } = await import('./test-host');
    const { RowCountDisplay, InterfaceNameDisplay } = await import('./displays');
    const { FormRegistryContext } = await import('../contract');
    render(
      <WithMessages>
        <FormRegistryContext.Provider value={createCoreRegistry()}>
          <RowCountDisplay value={[{}, {}]} />
          <RowCountDisplay value={{ a: 1 }} />
          <InterfaceNameDisplay value="key-value" />
        </FormRegistryContext.Provider>
      </WithMessages>,
    );
    expect(screen.getByText('2 rows')).toBeTruthy();
    expect(screen.getByText('1 row')).toBeTruthy();
    expect(screen.getByText(/Key \/ Value/)).toBeTruthy();
  });
});
