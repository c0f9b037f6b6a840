import type { DisplayComponent } from '../../displays/displays';
import type { InterfaceComponent } from '../contract';

/** The rich family's interface components, by the id a definition's `binding.component` names. */
export const richComponents: Record<string, InterfaceComponent> = {};

/** The rich family's displays, by the id a definition's `display.component` names. */
export const richDisplays: Record<string, DisplayComponent> = {};
