// @vitest-environment jsdom
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InterfaceComponent } from '../../engine/components/contract';
import { contractRegistry, interfaceContractChecks } from '../../engine/contract/interface-contract';
import type { InterfaceDefinition } from '../../engine/types';
import { runtimeShim } from '../../server/services/extension-runtime';
import { installExtensionRuntime } from './runtime';
import productCode from '../../docs/examples/extensions/interfaces/product-code/product-code.json';
import stars from '../../docs/examples/extensions/interfaces/stars/stars.json';

/**
 * The README's worked examples hold to the same interface contract as every core interface: the
 * JSON-only one through its core component, the module one imported through the runtime shims as
 * the browser imports it.
 */
const EXAMPLES = join(import.meta.dirname, '../../docs/examples/extensions');

function definitionOf(raw: unknown): InterfaceDefinition {
  const { $schema: _schema, ...definition } = raw as InterfaceDefinition & { $schema?: string };
  return { ...definition, core: false };
}

describe('product-code (JSON only)', () => {
  const definition = definitionOf(productCode);
  const registry = contractRegistry({ definition });
  for (const check of interfaceContractChecks(definition, registry)) it(check.name, check.run, 20_000);
});

describe('stars (JSON and an ES module)', async () => {
  // The URL layout the server gives, inside the project (the test runner imports only from there).
  const root = mkdtempSync(join(import.meta.dirname, '.contract-examples-'));
  mkdirSync(join(root, 'runtime'));
  for (const file of ['react.js', 'jsx-runtime.js', 'octavo.js'])
    writeFileSync(join(root, 'runtime', file), runtimeShim(file)!);
  cpSync(join(EXAMPLES, 'interfaces'), join(root, 'interfaces'), { recursive: true });
  installExtensionRuntime();
  let component: InterfaceComponent;
  try {
    const module = (await import(/* @vite-ignore */ join(root, 'interfaces/stars/stars.js'))) as {
      default: InterfaceComponent;
    };
    component = module.default;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  const definition = definitionOf(stars);
  const registry = contractRegistry({ definition, component });
  for (const check of interfaceContractChecks(definition, registry)) it(check.name, check.run, 20_000);
});
