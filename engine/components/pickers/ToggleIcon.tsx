import { Icon, resolveColor } from '../../../ui';
import type { InterfaceComponentProps } from '../contract';
import { bool, str, symbolOf } from './values';
import './pickers.css';

/** The on or off look of a toggle-icon value: glyph, colour and text from the options. */
export function toggleLook(props: Record<string, unknown>, on: boolean) {
  const symbol = on
    ? symbolOf(str(props.iconActive) ?? 'favorite', true)
    : symbolOf(str(props.iconInactive) ?? 'favorite_border', false);
  const color = resolveColor(
    str(on ? props.colorActive : props.colorInactive) ?? (on ? 'pink-500' : 'blue-grey'),
  );
  return { symbol, color: color?.color, text: str(on ? props.textActive : props.textInactive) };
}

/** A boolean as a pressed/unpressed icon button (e.g. a heart); the field's label names it. */
export default function ToggleIcon(props: InterfaceComponentProps) {
  const on = bool(props.value);
  const look = toggleLook(props, on);
  return (
    <button
      id={props.id}
      type="button"
      aria-pressed={on}
      aria-describedby={props.describedBy}
      disabled={props.disabled}
      className={`pickers-toggle-icon${on ? ' pickers-toggle-icon--on' : ''}`}
      onClick={() => props.onChange(!on)}
    >
      <span className="pickers-toggle-icon__glyph" style={{ color: look.color }}>
        <Icon name={look.symbol.name} filled={look.symbol.filled} />
      </span>
      {look.text && <span className="pickers-toggle-icon__text">{look.text}</span>}
    </button>
  );
}
