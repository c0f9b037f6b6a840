import { Icon, resolveColor } from '../../../ui';
import type { DisplayProps } from '../../displays/displays';
import { useEngineT } from '../../i18n';
import { paletteNameOf } from './ColorPalette';
import { formatBytes } from './file-size';
import { languageName } from './languages';
import { toLatLng } from './map-value';
import { toggleLook } from './ToggleIcon';
import { bool, num, str, useUserLocale } from './values';
import './pickers.css';

const empty = (value: unknown) => value === null || value === undefined || value === '';

/** A colour (hex, rgb, hsl or a palette name) as a swatch with its text. */
export function SwatchDisplay({ value }: DisplayProps) {
  const t = useEngineT();
  if (empty(value)) return null;
  const text = String(value);
  const color = resolveColor(text)?.color;
  const name = paletteNameOf(text);
  return (
    <span className="pickers-display-swatch">
      <span className="pickers-display-swatch__chip" style={{ backgroundColor: color }} aria-hidden="true" />
      <span>{name ? t(`interfaces.pickers.color_${name.replace('-', '_')}`) : text}</span>
    </span>
  );
}

export function IconDisplay({ value }: DisplayProps) {
  if (empty(value)) return null;
  return (
    <span className="pickers-display-icon">
      <Icon name={String(value)} size="small" />
      <span>{String(value)}</span>
    </span>
  );
}

/** Stars (the active ones in the option's colour) or the number, as the `display` option says. */
export function RatingDisplay({ value, maxStars, activeColor, display }: DisplayProps) {
  const t = useEngineT();
  if (empty(value)) return null;
  const rating = Number(value);
  const max = Math.max(1, Math.round(num(maxStars, 5)));
  if (display === 'number' || !Number.isFinite(rating)) {
    return <span>{t('interfaces.pickers.rating_of', { value: rating, max })}</span>;
  }
  const color = resolveColor(str(activeColor) ?? 'amber')?.color;
  return (
    <span
      className="pickers-display-rating"
      role="img"
      aria-label={t('interfaces.pickers.rating_of', { value: rating, max })}
    >
      {Array.from({ length: max }, (_, index) => (
        <span
          key={index}
          style={index < Math.round(rating) ? { color } : undefined}
          className={index < Math.round(rating) ? undefined : 'pickers-display-rating__off'}
        >
          <Icon name="star" size="small" filled={index < Math.round(rating)} />
        </span>
      ))}
    </span>
  );
}

export function SliderDisplay({ value, unit }: DisplayProps) {
  const locale = useUserLocale();
  if (empty(value)) return null;
  const text = Number(value).toLocaleString(locale);
  return <span>{str(unit) ? `${text} ${str(unit)}` : text}</span>;
}

export function ToggleIconDisplay(props: DisplayProps) {
  const t = useEngineT();
  if (props.value === null || props.value === undefined) return null;
  const on = bool(props.value);
  const look = toggleLook(props, on);
  return (
    <span className="pickers-display-icon">
      <span
        style={{ color: look.color }}
        role="img"
        aria-label={t(on ? 'interfaces.pickers.toggle_on' : 'interfaces.pickers.toggle_off')}
      >
        <Icon name={look.symbol.name} filled={look.symbol.filled} size="small" />
      </span>
      {look.text && <span>{look.text}</span>}
    </span>
  );
}

export function FileSizeDisplay({ value, format, decimal }: DisplayProps) {
  const locale = useUserLocale();
  if (empty(value) || !Number.isFinite(Number(value))) return null;
  const bytes = Number(value);
  return (
    <span title={bool(format, true) ? String(bytes) : undefined}>
      {bool(format, true) ? formatBytes(bytes, bool(decimal, true), locale) : bytes.toLocaleString(locale)}
    </span>
  );
}

export function MapDisplay({ value }: DisplayProps) {
  const locale = useUserLocale();
  const point = toLatLng(value);
  if (!point) return null;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 5 });
  return (
    <span className="pickers-display-icon">
      <Icon name="location_on" size="small" />
      <span>
        {number.format(point.lat)}, {number.format(point.lng)}
      </span>
    </span>
  );
}

export function LanguageDisplay({ value }: DisplayProps) {
  const locale = useUserLocale();
  if (empty(value)) return null;
  const code = String(value);
  const name = languageName(code, locale);
  return <span title={code}>{name === code ? code : name}</span>;
}
