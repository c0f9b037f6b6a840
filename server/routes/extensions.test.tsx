// @vitest-environment jsdom
import { cpSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
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
    expect(layouts.data.map((d: { id: string }) => d.id)).toEqual([
      'calendar',
      'cards',
      'tabular',
      'timeline',
    ]);
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

  it('lists the worked examples of the README valid, and serves the stars module under the CSP', async () => {
    cpSync(join(import.meta.dirname, '../../docs/examples/extensions'), join(dataDir, 'extensions'), {
      recursive: true,
    });
    const body = (await app.inject({ method: 'GET', url: '/interfaces' })).json();
    expect(body.messages ?? []).toEqual([]);
    const custom = body.data.filter((d: { core: boolean }) => d.core === false);
    expect(custom.map((d: { id: string }) => d.id).sort()).toEqual(['product-code', 'stars']);
    const stars = custom.find((d: { id: string }) => d.id === 'stars');
    expect(stars.module_url).toBe('extensions/interfaces/stars/stars.js');
    expect(custom.find((d: { id: string }) => d.id === 'product-code').module_url).toBeUndefined();

    const file = await server.inject({ method: 'GET', url: `/${stars.module_url}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toContain("script-src 'self'");
    expect(file.body).toContain("from '../../runtime/react.js'");
  });

  it('serves the runtime shims that hand extension modules the app React', async () => {
    const react = await server.inject({ method: 'GET', url: '/extensions/runtime/react.js' });
    expect(react.statusCode).toBe(200);
    expect(react.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(react.body).toContain('globalThis.__octavoExtensionRuntime');
    expect(react.body).toMatch(/export const \{[^}]*\buseState\b[^}]*\} = m;/);
    expect(react.body).toContain('export default m;');
    const jsx = await server.inject({ method: 'GET', url: '/extensions/runtime/jsx-runtime.js' });
    expect(jsx.body).toContain('export const { Fragment, jsx, jsxs } = m;');
    // A bundler's automatic JSX import has no extension.
    expect((await server.inject({ method: 'GET', url: '/extensions/runtime/jsx-runtime' })).body).toBe(
      jsx.body,
    );
    expect((await server.inject({ method: 'GET', url: '/extensions/runtime/octavo.js' })).body).toContain(
      'useEngineT',
    );
    expect((await server.inject({ method: 'GET', url: '/extensions/runtime/other.js' })).statusCode).toBe(
      404,
    );
  });

  it('never serves a file outside a valid extension folder, nor one that is not a module or style sheet', async () => {
    cpSync(join(import.meta.dirname, '../../docs/examples/extensions'), join(dataDir, 'extensions'), {
      recursive: true,
    });
    writeFileSync(join(dataDir, 'secret.js'), 'export default "secret";');
    writeExtension(dataDir, 'interfaces', 'stars', 'helper.js', 'export const x = 1;');
    symlinkSync(join(dataDir, 'secret.js'), join(dataDir, 'extensions', 'interfaces', 'stars', 'link.js'));
    writeExtension(dataDir, 'interfaces', 'broken', 'broken.json', '{ nope');
    writeExtension(dataDir, 'interfaces', 'broken', 'broken.js', 'export default 1;');

    const get = (url: string) => server.inject({ method: 'GET', url });
    // A sibling module of a valid extension may be imported by its module, a style sheet loaded.
    expect((await get('/extensions/interfaces/stars/helper.js')).statusCode).toBe(200);
    writeExtension(dataDir, 'interfaces', 'stars', 'stars.css', '.stars { gap: 2px; }');
    const css = await get('/extensions/interfaces/stars/stars.css');
    expect([css.statusCode, css.headers['content-type']]).toEqual([200, 'text/css; charset=utf-8']);
    for (const url of [
      '/extensions/interfaces/stars/stars.json',
      '/extensions/interfaces/stars/link.js',
      '/extensions/interfaces/stars/..%2F..%2F..%2Fsecret.js',
      '/extensions/interfaces/stars/..%2f..%2f..%2fsecret.js',
      '/extensions/interfaces/stars/%2e%2e%2F..%2F..%2Fsecret.js',
      '/extensions/interfaces/..%2F..%2F/secret.js',
      '/extensions/interfaces/../../secret.js',
      '/extensions/..%2F/x/secret.js',
      '/extensions/interfaces/stars/.hidden.js',
      '/extensions/interfaces/broken/broken.js',
      '/extensions/interfaces/text-input/text-input.js',
      '/extensions/interfaces/stars/missing.js',
    ]) {
      const res = await get(url);
      // 404, or 401 where the URL normalises to a route outside /extensions (`/secret.js`).
      expect([url, res.statusCode === 404 || res.statusCode === 401]).toEqual([url, true]);
      expect(res.body).not.toContain('secret');
    }
  });
});
