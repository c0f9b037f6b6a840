// @vitest-environment jsdom
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  JSX_RUNTIME_EXPORTS,
  OCTAVO_EXPORTS,
  REACT_EXPORTS,
  RUNTIME_GLOBAL as SERVER_GLOBAL,
  runtimeShim,
} from '../../server/services/extension-runtime';
import { createCoreRegistry } from '../../engine/registry/core-registry';
import { loadExtensionModules } from '../../engine/registry/registry';
import { ItemForm } from '../../engine/form/ItemForm';
import { DisplayValue } from '../../engine/displays/DisplayValue';
import { extensionRuntime, installExtensionRuntime, RUNTIME_GLOBAL } from './runtime';
import stars from '../../docs/examples/extensions/interfaces/stars/stars.json';

const EXAMPLES = join(import.meta.dirname, '../../docs/examples/extensions');

describe('the extension runtime', () => {
  it('gives the shims every name they re-export', async () => {
    expect(RUNTIME_GLOBAL).toBe(SERVER_GLOBAL);
    const React = await import('react');
    const publicReact = Object.keys(React).filter(
      (name) => name !== 'default' && !name.startsWith('__') && !name.startsWith('unstable_'),
    );
    expect([...REACT_EXPORTS].sort()).toEqual(publicReact.sort());
    for (const name of JSX_RUNTIME_EXPORTS) expect(extensionRuntime.jsxRuntime).toHaveProperty(name);
    for (const name of OCTAVO_EXPORTS) expect(extensionRuntime.octavo[name]).toBeDefined();
    expect(runtimeShim('react.js')).toContain('export default m;');
    expect(runtimeShim('../react.js')).toBeNull();
  });

  describe('the stars example, imported as the browser would', () => {
    let root: string;
    beforeAll(() => {
      // Inside the project (the test runner imports only from there), the URL layout the server gives: /extensions/runtime/*.js beside /extensions/interfaces/<id>/.
      root = mkdtempSync(join(import.meta.dirname, '.runtime-test-'));
      mkdirSync(join(root, 'runtime'));
      for (const file of ['react.js', 'jsx-runtime.js', 'octavo.js'])
        writeFileSync(join(root, 'runtime', file), runtimeShim(file)!);
      cpSync(join(EXAMPLES, 'interfaces'), join(root, 'interfaces'), { recursive: true });
      installExtensionRuntime();
    });
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    afterEach(cleanup);

    it('shares the app React (hooks work), emits integers and draws its display', async () => {
      const registry = createCoreRegistry();
      const definition = { ...stars, core: false, module_url: 'interfaces/stars/stars.js' };
      expect(registry.addDefinitions('interface', [definition])).toEqual([]);
      const problems = await loadExtensionModules(
        registry,
        (url) => import(/* @vite-ignore */ join(root, url)),
      );
      expect(problems).toEqual([]);
      expect(registry.resolveInterface('stars').fallback).toBe(false);

      const staged = vi.fn();
      const field = {
        field: 'score',
        name: 'Score',
        type: 'integer',
        interface: 'stars',
        options: { max: 4 },
      };
      function Form() {
        const [values, setValues] = useState<Record<string, unknown>>({ score: 1 });
        return (
          <>
            <ItemForm
              registry={registry}
              fields={[field]}
              values={values}
              baseline={{ score: 1 }}
              onStage={(name, value) => {
                setValues({ [name]: value });
                staged(value);
              }}
            />
            <DisplayValue registry={registry} field={field} value={values.score} />
          </>
        );
      }
      render(<Form />);
      const group = screen.getByRole('radiogroup', { name: 'Score' });
      expect(group.querySelectorAll('input[type=radio]')).toHaveLength(4);
      await userEvent.setup().click(screen.getByRole('radio', { name: /3/ }));
      expect(staged).toHaveBeenLastCalledWith(3);
      expect(typeof staged.mock.lastCall![0]).toBe('number');
      expect(document.querySelector('span[data-stars]')?.getAttribute('data-stars')).toBe('3');
    });

    it('a module without a default export is marked broken with the extension name', async () => {
      writeFileSync(join(root, 'interfaces', 'stars', 'empty.js'), 'export const nothing = 1;\n');
      const registry = createCoreRegistry();
      registry.addDefinitions('interface', [
        { ...stars, core: false, module_url: 'interfaces/stars/empty.js' },
      ]);
      const problems = await loadExtensionModules(
        registry,
        (url) => import(/* @vite-ignore */ join(root, url)),
      );
      expect(problems.map((p) => p.message)).toEqual([
        'The extension "Stars" (stars) failed to load: its module has no default export',
      ]);
      const resolved = registry.resolveInterface('stars');
      expect(resolved.fallback).toBe(true);
      expect(resolved.problem).toContain('"Stars"');
    });

    it('a layout whose module fails falls back to the table, named in its problem', async () => {
      writeFileSync(join(root, 'interfaces', 'stars', 'layout.js'), 'export const nothing = 1;\n');
      const registry = createCoreRegistry();
      const layout = {
        id: 'board',
        name: 'Board',
        icon: 'view_kanban',
        component: 'board',
        view_options: [],
        view_query: [],
        core: false,
        module_url: 'interfaces/stars/layout.js',
      };
      expect(registry.addDefinitions('layout', [layout])).toEqual([]);
      const problems = await loadExtensionModules(
        registry,
        (url) => import(/* @vite-ignore */ join(root, url)),
      );
      expect(problems.map((p) => p.message)).toEqual([
        'The extension "Board" (board) failed to load: its module has no default export',
      ]);
      const resolved = registry.resolveLayout('board');
      expect([resolved.fallback, resolved.definition.id]).toEqual([true, 'tabular']);
    });
  });
});
