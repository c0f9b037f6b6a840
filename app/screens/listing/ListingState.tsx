import type { ReactNode } from 'react';
import { ListingIcon } from './ListingIcon';

export type ListingStateKind = 'loading' | 'error' | 'empty' | 'no-results' | 'no-fields';

const ICONS: Record<ListingStateKind, string> = {
  loading: 'hourglass',
  error: 'error',
  empty: 'inbox',
  'no-results': 'search_off',
  'no-fields': 'view_column',
};

export interface ListingStateProps {
  kind: ListingStateKind;
  title: string;
  body: string;
  action?: ReactNode;
}

/** A listing that has no rows to show says why, with a title and a body (spec §2 "item list with states"). */
export function ListingState({ kind, title, body, action }: ListingStateProps) {
  return (
    <div
      className={`listing-state listing-state--${kind}`}
      role={kind === 'error' ? 'alert' : 'status'}
      aria-busy={kind === 'loading' || undefined}
      data-state={kind}
    >
      <span className="listing-state__icon">
        <ListingIcon name={ICONS[kind]} size={40} />
      </span>
      <h2 className="listing-state__title">{title}</h2>
      <p className="listing-state__body">{body}</p>
      {action && <div className="listing-state__action">{action}</div>}
    </div>
  );
}
