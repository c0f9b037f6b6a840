import type { ReactNode } from 'react';
import { Icon } from './Icon';
import './Notice.css';

/** The spec's notice colours. */
export type NoticeColor = 'gray' | 'gray-subdued' | 'accent' | 'warning' | 'danger' | 'success';

const ICONS: Record<NoticeColor, string> = {
  gray: 'info',
  'gray-subdued': 'info',
  accent: 'info',
  warning: 'warning',
  danger: 'error',
  success: 'check_circle',
};

export interface NoticeProps {
  color?: NoticeColor;
  children: ReactNode;
  title?: ReactNode;
  /** A Material Symbols name; the colour's own icon by default, none with `false`. */
  icon?: string | false;
  /** alert: announced at once (errors); status: announced politely; none: part of the page. */
  live?: 'alert' | 'status';
  className?: string;
  /** Extra attributes for tests and styling hooks, e.g. the error code. */
  'data-code'?: string | number;
}

/** A message inside the page (not a floating notification), in one of the spec's colours. */
export function Notice({ color = 'gray', children, title, icon, live, className, ...data }: NoticeProps) {
  const glyph = icon === false ? null : (icon ?? ICONS[color]);
  return (
    <div
      className={`octavo-notice octavo-notice--${color}${className ? ` ${className}` : ''}`}
      role={live}
      data-code={data['data-code']}
    >
      {glyph && <Icon name={glyph} size="small" className="octavo-notice__icon" />}
      <div className="octavo-notice__text">
        {title && <strong className="octavo-notice__title">{title}</strong>}
        <div>{children}</div>
      </div>
    </div>
  );
}
