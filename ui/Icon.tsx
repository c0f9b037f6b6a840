import type { CSSProperties } from 'react';
import 'material-symbols/outlined.css';
import './Icon.css';

export type IconSize = 'small' | 'medium' | 'large' | number;

const SIZES: Record<Exclude<IconSize, number>, string> = {
  small: 'var(--icon-size-small, 18px)',
  medium: 'var(--icon-size, 24px)',
  large: 'var(--icon-size-large, 48px)',
};

export interface IconProps {
  /** Any Material Symbols name, e.g. `account_circle` (drawn by the font's ligatures). */
  name: string;
  /** small 18 px, medium 24 px (default), large 48 px, or a number of pixels. */
  size?: IconSize;
  /** The accessible name: the icon then means something on its own (role="img"). Without it the icon is decorative. */
  label?: string;
  /** The filled variant of the symbol. */
  filled?: boolean;
  /** Mirrors the glyph in right-to-left pages (arrows, chevrons that point "forward"). */
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
    mirrorInRtl && 'octavo-symbol--mirror',
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
