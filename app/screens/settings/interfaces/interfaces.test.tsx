// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appData, fakeApi, renderInApp } from '../../item/test-harness';
import { InterfacesList, matchesSearch } from './InterfacesList';
import { InterfaceDebugger, jsonType } from './InterfaceDebugger';

const codeInput = {
  id: 'code-input',
  name: 'Product code',
  icon: 'qr_code',
  types: ['string'],
  core: false,
  options: [{ field: 'hint', type: 'string', interface: 'text-input', default_value: 'AB-1234' }],
  binding: { component: 'input', props: { placeholder: '$options.hint', maxLength: '$field.length' } },
  display: { component: 'text' },
};

function setup() {
  const data = appData({ api: fakeApi({}).api, schema: { collections: {}, fields: {}, relations: [] } });
  expect(data.registry.addDefinitions('interface', [codeInput])).toEqual([]);
  return data;
}

afterEach(cleanup);

describe('Settings → Interfaces', () => {
  it('matches a search by name, id or type', () => {
    const definition = setup().registry.getInterface('code-input')!;
    expect(matchesSearch(definition, 'PRODUCT')).toBe(true);
    expect(matchesSearch(definition, 'code-in')).toBe(true);
    expect(matchesSearch(definition, 'string')).toBe(true);
    expect(matchesSearch(definition, 'boolean')).toBe(false);
    expect([jsonType(null), jsonType([]), jsonType({}), jsonType(3), jsonType('x')]).toEqual([
      'null',
      'array',
      'object',
      'number',
      'string',
    ]);
  });

  it('lists every interface with its origin, and searches', async () => {
    const data = setup();
    render(renderInApp(data, '/demo/settings/interfaces', <InterfacesList />).tree);
    const cards = [...document.querySelectorAll<HTMLElement>('.interfaces-grid > li')];
    expect(cards).toHaveLength(data.registry.interfaces().length);
    const custom = cards.find((card) => card.textContent?.includes('Product code'))!;
    expect(within(custom).getByText('Custom')).toBeTruthy();
    expect(within(custom).getByRole('link').getAttribute('href')).toBe(
      '#/demo/settings/interfaces/code-input',
    );
    expect(cards.find((card) => card.textContent?.includes('text-input'))!.textContent).toContain('Core');

    await userEvent.setup().type(screen.getByLabelText('Search interfaces'), 'product');
    expect(document.querySelectorAll('.interfaces-grid > li')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe(`1 interface of ${cards.length}`);
  });

  it('debugs an interface: live value as JSON, display, options and field switches', async () => {
    const data = setup();
    const user = userEvent.setup();
    render(
      renderInApp(data, '/demo/settings/interfaces/code-input', <InterfaceDebugger id="code-input" />).tree,
    );
    const live = screen.getByTestId('debugger-live');
    const input = within(live).getByRole('textbox', { name: 'Product code' }) as HTMLInputElement;
    expect(input.placeholder).toBe('AB-1234');
    expect(screen.getByText('Nothing emitted yet: edit the live interface.')).toBeTruthy();

    await user.type(input, 'XY');
    expect(screen.getByTestId('debugger-json').textContent).toBe('"XY"');
    expect(screen.getByText('JSON type: string')).toBeTruthy();
    expect(screen.getByTestId('debugger-display').textContent).toBe('XY');

    // The options form drives the live interface.
    const hint = within(screen.getByTestId('debugger-options')).getByRole('textbox') as HTMLInputElement;
    await user.clear(hint);
    await user.type(hint, 'ZZ-0');
    expect((within(live).getByRole('textbox') as HTMLInputElement).placeholder).toBe('ZZ-0');

    // Length and read-only reach the field.
    await user.type(screen.getByLabelText('Length'), '4');
    expect((within(live).getByRole('textbox') as HTMLInputElement).maxLength).toBe(4);
    await user.click(screen.getByRole('switch', { name: 'Read-only' }));
    expect((within(live).getByRole('textbox') as HTMLInputElement).disabled).toBe(true);
  });

  it('says so when the registry has no such interface', () => {
    render(renderInApp(setup(), '/demo/settings/interfaces/nope', <InterfaceDebugger id="nope" />).tree);
    expect(screen.getByRole('heading', { name: 'No interface “nope”' })).toBeTruthy();
  });
});
