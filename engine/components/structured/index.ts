import type { DisplayComponent } from '../../displays/displays';
import type { InterfaceComponent } from '../contract';

/** The structured family's interface components, by the id a definition's `binding.component` names. */
export const structuredComponents: Record<string, InterfaceComponent> = {};

/** The structured family's displays, by the id a definition's `display.component` names. */
export const structuredDisplays: Record<string, DisplayComponent> = {};
