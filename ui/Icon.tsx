import type { CSSProperties } from 'react';
import 'material-symbols/outlined.css';
import './Icon.css';

export type IconSize = 'small' | 'medium' | 'large' | number;

const SIZES: Record<Exclude<IconSize, number>, string> = {
  small: 'var(--icon-size-small, 18px)',
  medium: 'var(--icon-size, 24px)',
  large: 'var(--icon-size-large, 48px)',
};

/** Glyphs that point along the reading direction: drawn mirrored in right-to-left pages. */
export const DIRECTIONAL_ICONS = new Set([
  'arrow_back',
  'arrow_forward',
  'arrow_back_ios',
  'arrow_forward_ios',
  'arrow_left',
  'arrow_right',
  'arrow_right_alt',
  'chevron_left',
  'chevron_right',
  'navigate_before',
  'navigate_next',
  'keyboard_arrow_left',
  'keyboard_arrow_right',
  'keyboard_double_arrow_left',
  'keyboard_double_arrow_right',
  'first_page',
  'last_page',
  'east',
  'west',
  'login',
  'logout',
  'open_in_new',
  'subdirectory_arrow_right',
  'subdirectory_arrow_left',
  'undo',
  'redo',
  'reply',
  'forward',
  'send',
  'format_indent_increase',
  'format_indent_decrease',
]);

export interface IconProps {
  /** Any Material Symbols name, e.g. `account_circle` (drawn by the font's ligatures). */
  name: string;
  /** small 18 px, medium 24 px (default), large 48 px, or a number of pixels. */
  size?: IconSize;
  /** The accessible name: the icon then means something on its own (role="img"). Without it the icon is decorative. */
  label?: string;
  /** The filled variant of the symbol. */
  filled?: boolean;
  /** Mirrors the glyph in right-to-left pages (arrows, chevrons that point "forward"); by default for `DIRECTIONAL_ICONS`. */
  mirrorInRtl?: boolean;
  className?: string;
}

/**
 * One Material Symbols glyph from the self-hosted font. The name is drawn by the stylesheet (a ligature in
 * `::before`), so it never becomes part of the surrounding text (copying, textContent, search).
 */
export function Icon({ name, size = 'medium', label, filled, mirrorInRtl, className }: IconProps) {
  const style: CSSProperties = { fontSize: typeof size === 'number' ? `${size}px` : SIZES[size] };
  const classes = [
    'octavo-symbol',
    'material-symbols-outlined',
    filled && 'octavo-symbol--filled',
    (mirrorInRtl ?? DIRECTIONAL_ICONS.has(name)) && 'octavo-symbol--mirror',
    className,
  ];
  return (
    <span
      className={classes.filter(Boolean).join(' ')}
      style={style}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      translate="no"
      data-icon={name}
    />
  );
}
