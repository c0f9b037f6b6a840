import { coreComponents } from '../components/core-components';
import { layoutComponents, layoutDisplays } from '../components/layout';
import { pickersComponents, pickersDisplays } from '../components/pickers';
import { relationalComponents, relationalDisplays } from '../components/relational';
import { richComponents, richDisplays } from '../components/rich';
import { structuredComponents, structuredDisplays } from '../components/structured';
import { coreDisplays } from '../displays/displays';
import { CalendarLayout } from '../list/CalendarLayout';
import { CardsLayout } from '../list/CardsLayout';
import { TabularLayout } from '../list/TabularLayout';
import { TimelineLayout } from '../list/TimelineLayout';
import { coreInterfaces, coreLayouts } from './core-definitions';
import { DefinitionRegistry } from './registry';

/** Every core interface component, by binding id: the basic inputs plus one record per family. */
export const allCoreComponents = {
  ...coreComponents,
  ...relationalComponents,
  ...richComponents,
  ...pickersComponents,
  ...structuredComponents,
  ...layoutComponents,
};

/** Every core display, by display id. */
export const allCoreDisplays = {
  ...coreDisplays,
  ...relationalDisplays,
  ...richDisplays,
  ...pickersDisplays,
  ...structuredDisplays,
  ...layoutDisplays,
};

/** A registry holding the bundled core definitions and components; add the server's list to it. */
export function createCoreRegistry(): DefinitionRegistry {
  return new DefinitionRegistry({
    interfaces: coreInterfaces,
    layouts: coreLayouts,
    components: allCoreComponents,
    layoutComponents: {
      tabular: TabularLayout,
      cards: CardsLayout,
      calendar: CalendarLayout,
      timeline: TimelineLayout,
    },
    displays: allCoreDisplays,
  });
}
