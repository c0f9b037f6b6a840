import type { DisplayComponent } from '../../displays/displays';
import type { InterfaceComponent } from '../contract';
import { lazyInterface } from '../lazy';
import ButtonGroup from './ButtonGroup';
import ColorPalette from './ColorPalette';
import FileSize from './FileSize';
import Language from './Language';
import Multiselect from './Multiselect';
import Rating from './Rating';
import Slider from './Slider';
import ToggleIcon from './ToggleIcon';
import {
  FileSizeDisplay,
  IconDisplay,
  LanguageDisplay,
  MapDisplay,
  RatingDisplay,
  SliderDisplay,
  SwatchDisplay,
  ToggleIconDisplay,
} from './displays';

/**
 * The pickers family's interface components, by the id a definition's `binding.component` names.
 * Leaflet (map), react-colorful (color), the icon list (icon) and the calendar are chunks of their own.
 */
export const pickersComponents: Record<string, InterfaceComponent> = {
  map: lazyInterface(() => import('./Map')),
  'color-picker': lazyInterface(() => import('./ColorPicker')),
  'icon-picker': lazyInterface(() => import('./IconPicker')),
  calendar: lazyInterface(() => import('./Calendar')),
  'color-palette': ColorPalette,
  rating: Rating,
  slider: Slider,
  'toggle-icon': ToggleIcon,
  'button-group': ButtonGroup,
  multiselect: Multiselect,
  'file-size': FileSize,
  language: Language,
};

/** The pickers family's displays, by the id a definition's `display.component` names. */
export const pickersDisplays: Record<string, DisplayComponent> = {
  swatch: SwatchDisplay,
  icon: IconDisplay,
  rating: RatingDisplay,
  slider: SliderDisplay,
  'toggle-icon': ToggleIconDisplay,
  'file-size': FileSizeDisplay,
  map: MapDisplay,
  language: LanguageDisplay,
};
