import { Icon, resolveColor } from '../../../ui';
import { useEngineT } from '../../i18n';
import type { InterfaceComponentProps } from '../contract';
import { radioKeyDown } from './radio-keys';
import './pickers.css';

/**
 * The default palette of 12 (schema-v8 §4.2), by the Directus 8 colour names the app's palette knows.
 * The value is the name ("amber"), as the options that use this interface store it
 * (`rating.active_color` = "amber", `toggle-icon.colorInactive` = "blue-grey").
 */
export const PALETTE_NAMES = [
  'pink',
  'red',
  'orange',
  'amber',
  'yellow',
  'lime',
  'green',
  'cyan',
  'blue',
  'indigo',
  'purple',
  'blue-grey',
] as const;

/** "pink-500" and "Blue_Gray" are the palette's pink and blue-grey. */
export function paletteNameOf(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  const name = value
    .trim()
    .toLowerCase()
    .replace(/_/g, '-')
    .replace('blue-gray', 'blue-grey')
    .replace(/-500$/, '');
  return (PALETTE_NAMES as readonly string[]).includes(name) ? name : null;
}

export default function ColorPalette(props: InterfaceComponentProps) {
  const t = useEngineT();
  const current = paletteNameOf(props.value);
  const focusable = current ? PALETTE_NAMES.indexOf(current as (typeof PALETTE_NAMES)[number]) : 0;
  const choose = (index: number) => {
    if (!props.disabled) props.onChange(PALETTE_NAMES[index]);
  };
  return (
    <div
      id={props.id}
      role="radiogroup"
      aria-label={props.field.name ?? props.field.field}
      aria-describedby={props.describedBy}
      aria-disabled={props.disabled || undefined}
      className="pickers-palette"
    >
      {PALETTE_NAMES.map((name, index) => {
        const checked = current === name;
        return (
          <button
            key={name}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={t(`interfaces.pickers.color_${name.replace('-', '_')}`)}
            title={t(`interfaces.pickers.color_${name.replace('-', '_')}`)}
            tabIndex={index === focusable ? 0 : -1}
            disabled={props.disabled}
            className="pickers-palette__swatch"
            style={{ backgroundColor: resolveColor(name)?.color, color: resolveColor(name)?.on }}
            onClick={() => choose(index)}
            onKeyDown={(event) => radioKeyDown(event, index, PALETTE_NAMES.length, choose)}
          >
            {checked && <Icon name="check" size="small" />}
          </button>
        );
      })}
    </div>
  );
}
