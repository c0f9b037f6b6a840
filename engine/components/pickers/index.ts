import type { DisplayComponent } from '../../displays/displays';
import type { InterfaceComponent } from '../contract';

/** The pickers family's interface components, by the id a definition's `binding.component` names. */
export const pickersComponents: Record<string, InterfaceComponent> = {};

/** The pickers family's displays, by the id a definition's `display.component` names. */
export const pickersDisplays: Record<string, DisplayComponent> = {};
