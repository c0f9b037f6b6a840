// @vitest-environment jsdom
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { useState } from 'react';
import { render, screen, cleanup } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, startTestServer, type TestServer } from '../../tests/helpers/server';
import { createCoreRegistry } from '../../engine/registry/core-registry';
import { ItemForm } from '../../engine/form/ItemForm';

// The integrator's file: a new interface bound to the existing `input` component, props from its options.
const codeInput = {
  id: 'code-input',
  name: 'Product code',
  icon: 'qr_code',
  types: ['string'],
  options: [
    { field: 'hint', type: 'string', interface: 'text-input', default_value: 'AB-1234' },
    { field: 'max', type: 'integer', interface: 'numeric', default_value: 7 },
  ],
  binding: {
    component: 'input',
    props: { placeholder: '$options.hint', maxLength: '$options.max', monospace: true },
  },
  display: { component: 'text', props: { monospace: true } },
};

function writeExtension(dataDir: string, kind: string, id: string, file: string, content: string) {
  mkdirSync(join(dataDir, 'extensions', kind, id), { recursive: true });
  writeFileSync(join(dataDir, 'extensions', kind, id, file), content);
}

describe('GET /interfaces, /layouts, /modules', () => {
  let dataDir: string;
  let server: TestServer;
  let token: string;
  // Requests as a signed-in user of project `test`, named by the X-Directus-Project header.
  const app = {
    inject: (options: InjectOptions) =>
      server.inject({
        ...options,
        headers: { authorization: `Bearer ${token}`, 'x-directus-project': 'test', ...options.headers },
      }),
  };

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    // A static token: signing in with a JWT needs Node's own WebCrypto, which jsdom's globals hide.
    token = 'extensions-test-token';
    await server.project.knex('directus_users').where({ email: ADMIN.email }).update({ token });
    dataDir = server.config.dataDir;
  });

  afterAll(async () => {
    await server.close();
  });

  afterEach(() => {
    cleanup();
    rmSync(join(dataDir, 'extensions'), { recursive: true, force: true });
  });

  it('lists core definitions and valid custom ones; broken ones become warnings naming file and field', async () => {
    writeExtension(dataDir, 'interfaces', 'code-input', 'code-input.json', JSON.stringify(codeInput));
    writeExtension(
      dataDir,
      'interfaces',
      'no-binding',
      'definition.json',
      JSON.stringify({ ...codeInput, id: 'no-binding', binding: undefined }),
    );
    writeExtension(dataDir, 'interfaces', 'not-json', 'not-json.json', '{ nope');
    writeExtension(
      dataDir,
      'interfaces',
      'text-input',
      'text-input.json',
      JSON.stringify({ ...codeInput, id: 'text-input' }),
    );

    const res = await app.inject({ method: 'GET', url: '/interfaces' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const ids = body.data.map((d: { id: string }) => d.id);
    expect(ids).toContain('text-input');
    expect(ids).toContain('code-input');
    expect(ids).not.toContain('no-binding');
    expect(body.data.find((d: { id: string }) => d.id === 'code-input').core).toBe(false);
    expect(body.data.find((d: { id: string }) => d.id === 'dropdown').core).toBe(true);
    expect(body.messages.map((m: { message: string }) => m.message)).toEqual([
      'extensions/interfaces/no-binding/definition.json: binding: is required',
      expect.stringMatching(/^extensions\/interfaces\/not-json\/not-json\.json: not valid JSON/),
      'extensions/interfaces/text-input/text-input.json: id: "text-input" is a core interface and cannot be replaced',
    ]);
    expect(body.messages[0].type).toBe('warning');
  });

  it('lists layouts and modules, and serves only a declared module file', async () => {
    writeExtension(
      dataDir,
      'modules',
      'reports',
      'reports.json',
      JSON.stringify({ id: 'reports', name: 'Reports', icon: 'bar_chart', module: 'module.js' }),
    );
    writeExtension(
      dataDir,
      'modules',
      'reports',
      'module.js',
      'export default function Reports() { return null; }',
    );
    writeExtension(dataDir, 'modules', 'reports', 'secret.txt', 'no');

    const layouts = (await app.inject({ method: 'GET', url: '/layouts' })).json();
    expect(layouts.data.map((d: { id: string }) => d.id)).toEqual(['tabular']);
    const modules = (await app.inject({ method: 'GET', url: '/modules' })).json();
    expect(modules.data).toEqual([
      {
        id: 'reports',
        name: 'Reports',
        icon: 'bar_chart',
        module: 'module.js',
        core: false,
        module_url: 'extensions/modules/reports/module.js',
      },
    ]);
    const file = await app.inject({ method: 'GET', url: '/extensions/modules/reports/module.js' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/javascript');
    expect(
      (await app.inject({ method: 'GET', url: '/extensions/modules/reports/secret.txt' })).statusCode,
    ).toBe(404);
  });

  it('a custom interface from the extensions folder edits a field in a rendered form', async () => {
    writeExtension(dataDir, 'interfaces', 'code-input', 'code-input.json', JSON.stringify(codeInput));
    const { data } = (await app.inject({ method: 'GET', url: '/interfaces' })).json();

    const registry = createCoreRegistry();
    expect(registry.addDefinitions('interface', data)).toEqual([]);
    const onStage = vi.fn();
    function Form() {
      const [values, setValues] = useState<Record<string, unknown>>({ code: null });
      return (
        <ItemForm
          registry={registry}
          fields={[{ field: 'code', type: 'string', interface: 'code-input', options: { max: 5 } }]}
          values={values}
          baseline={{ code: null }}
          onStage={(field, value) => {
            setValues((current) => ({ ...current, [field]: value }));
            onStage(field, value);
          }}
        />
      );
    }
    render(<Form />);
    const input = screen.getByRole('textbox', { name: 'Code' }) as HTMLInputElement;
    expect(input.placeholder).toBe('AB-1234');
    expect(input.maxLength).toBe(5);
    await userEvent.setup().type(input, 'XY-42');
    expect(onStage).toHaveBeenLastCalledWith('code', 'XY-42');
  });
});
