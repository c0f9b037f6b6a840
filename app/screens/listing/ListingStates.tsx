import type { ReactNode } from 'react';
import type { CallError } from '../../../machines/implementations';
import { Button } from '../../../ui';
import { useT } from '../../i18n';
import { ListingState } from './ListingState';
import type { ListPhase } from './useItemList';
import { useErrorText } from '../../i18n/errors';

/**
 * Why a listing shows no rows (spec §2 "item list with states"): no browsable fields, the server's error
 * with a retry, loading, no results for a search, or an empty collection with an Add button.
 */
export function ListingStates(props: {
  phase: ListPhase;
  error: CallError | null;
  browsable: boolean;
  searching: boolean;
  collectionName: string;
  onRetry: () => void;
  /** Offered in an empty collection when the caller may create items. */
  onAdd?: () => void;
  /** Offered in an empty collection in place of the Add button (the file library's upload). */
  action?: ReactNode;
  /** The file library (directus_files): its empty state speaks of files (spec §2 "no files"). */
  files?: boolean;
}) {
  const t = useT();
  const errorText = useErrorText();
  if (!props.browsable) {
    return (
      <ListingState
        kind="no-fields"
        title={t('browse.state.no_fields.title')}
        body={t('browse.state.no_fields.body')}
      />
    );
  }
  if (props.phase === 'error') {
    return (
      <ListingState
        kind="error"
        title={t('browse.state.error.title')}
        body={t('browse.state.error.body', {
          message: errorText(props.error ?? { code: -1, message: '' }),
        })}
        action={
          <Button variant="secondary" icon="refresh" onClick={props.onRetry}>
            {t('browse.retry')}
          </Button>
        }
      />
    );
  }
  if (props.phase === 'loading') {
    return (
      <ListingState
        kind="loading"
        title={t('browse.state.loading.title')}
        body={t('browse.state.loading.body')}
      />
    );
  }
  if (props.searching) {
    return (
      <ListingState
        kind="no-results"
        title={t('browse.state.no_results.title')}
        body={t('browse.state.no_results.body')}
      />
    );
  }
  return (
    <ListingState
      kind={props.files ? 'no-files' : 'empty'}
      title={props.files ? t('layouts.cards.no_files_title') : t('browse.state.empty.title')}
      body={
        props.files
          ? t('layouts.cards.no_files_body')
          : t('browse.state.empty.body', { collection: props.collectionName })
      }
      action={
        props.action ??
        (props.onAdd ? (
          <Button icon="add" onClick={props.onAdd}>
            {t('browse.add')}
          </Button>
        ) : undefined)
      }
    />
  );
}
