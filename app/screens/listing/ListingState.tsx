import type { ReactNode } from 'react';
import { EmptyState, Spinner } from '../../../ui';

export type ListingStateKind = 'loading' | 'error' | 'empty' | 'no-results' | 'no-fields' | 'no-files';

const ICONS: Record<Exclude<ListingStateKind, 'loading'>, string> = {
  error: 'error',
  empty: 'inbox',
  'no-results': 'search_off',
  'no-fields': 'view_column',
  'no-files': 'folder_open',
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
    <div className="listing-state" data-state={kind} aria-busy={kind === 'loading' || undefined}>
      {kind === 'loading' && <Spinner size="large" />}
      <EmptyState
        icon={kind === 'loading' ? undefined : ICONS[kind]}
        title={title}
        body={body}
        action={action}
        live={kind === 'error' ? 'alert' : 'status'}
      />
    </div>
  );
}
