import type { ReactNode } from 'react';
import { Icon } from './Icon';
import './EmptyState.css';

export interface EmptyStateProps {
  /** A Material Symbols name. */
  icon?: string;
  title: ReactNode;
  body?: ReactNode;
  /** A button or link that gets the user going. */
  action?: ReactNode;
  headingLevel?: 2 | 3;
  /** alert: the state is an error announced at once. */
  live?: 'alert' | 'status';
  /** Framed as a card on a tinted page (a full-page error). */
  framed?: boolean;
}

/** What a screen shows when it has nothing to show: no items, no results, not found, an error. */
export function EmptyState({ icon, title, body, action, headingLevel = 2, live, framed }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={`octavo-empty-state${framed ? ' octavo-empty-state--framed' : ''}`} role={live}>
      {icon && <Icon name={icon} size="large" className="octavo-empty-state__icon" />}
      <Heading className="octavo-empty-state__title">{title}</Heading>
      {body && <div className="octavo-empty-state__body">{body}</div>}
      {action && <div className="octavo-empty-state__action">{action}</div>}
    </div>
  );
}
