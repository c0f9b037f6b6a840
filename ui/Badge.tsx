import type { CSSProperties, ReactNode } from 'react';
import { resolveColor } from './palette';
import './Badge.css';

export interface BadgeProps {
  children: ReactNode;
  /** Text colour: a CSS colour or a Directus colour name (`white`, `danger`, `blue-grey`…). */
  color?: string | null;
  /** Background: a CSS colour or a Directus colour name (`light-gray`, `success`, `blue-grey-100`…). */
  background?: string | null;
  subdued?: boolean;
}

/**
 * The badge's colours. A named background brings its own readable text colour, which wins over the given
 * one: status mappings pair colours freely (white on light-gray), and the text must stay legible in both
 * themes. A custom background (hex, rgb) keeps the given text colour.
 */
export function badgeColors(color?: string | null, background?: string | null): CSSProperties {
  const bg = resolveColor(background);
  const fg = resolveColor(color);
  return {
    backgroundColor: bg?.color,
    color: bg?.on ?? fg?.color,
  };
}

export function Badge(props: BadgeProps) {
  return (
    <span
      className={`octavo-badge${props.subdued ? ' octavo-badge--subdued' : ''}`}
      style={badgeColors(props.color, props.background)}
    >
      {props.children}
    </span>
  );
}
