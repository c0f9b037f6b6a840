import { coreComponents } from '../components/core-components';
import { coreDisplays } from '../displays/displays';
import { TabularLayout } from '../list/TabularLayout';
import { coreInterfaces, coreLayouts } from './core-definitions';
import { DefinitionRegistry } from './registry';

/** A registry holding the bundled core definitions and components; add the server's list to it. */
export function createCoreRegistry(): DefinitionRegistry {
  return new DefinitionRegistry({
    interfaces: coreInterfaces,
    layouts: coreLayouts,
    components: coreComponents,
    layoutComponents: { tabular: TabularLayout },
    displays: coreDisplays,
  });
}
