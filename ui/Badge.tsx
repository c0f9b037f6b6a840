import type { ReactNode } from 'react';

export interface BadgeProps {
  children: ReactNode;
  /** CSS colours or theme colour names (used as CSS variables `--octavo-<name>`). */
  color?: string | null;
  background?: string | null;
  subdued?: boolean;
}

const cssColor = (value: string | null | undefined) =>
  !value ? undefined : /^(#|rgb|hsl)/.test(value) ? value : `var(--octavo-${value}, ${value})`;

export function Badge(props: BadgeProps) {
  return (
    <span
      className={`octavo-badge${props.subdued ? ' octavo-badge--subdued' : ''}`}
      style={{ color: cssColor(props.color), backgroundColor: cssColor(props.background) }}
    >
      {props.children}
    </span>
  );
}
