import type { DisplayComponent } from '../../displays/displays';
import type { InterfaceComponent } from '../contract';
import { lazyInterface } from '../lazy';
import LayoutField from './LayoutField';
import LayoutSort from './LayoutSort';
import LayoutTemplate from './LayoutTemplate';

/**
 * The layout family: the controls of a listing's view options panel, fed with the listing
 * collection's fields through `FormServices.layoutFields`. The column checklist sorts by drag
 * (dnd-kit), a chunk of its own.
 */
export const layoutComponents: Record<string, InterfaceComponent> = {
  'layout-fields': lazyInterface(() => import('./LayoutFields')),
  'layout-sort': LayoutSort,
  'layout-field': LayoutField,
  'layout-template': LayoutTemplate,
};

/** The layout family has no displays of its own: its values show as text and tags. */
export const layoutDisplays: Record<string, DisplayComponent> = {};
