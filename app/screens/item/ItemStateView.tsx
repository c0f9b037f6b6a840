import { Link } from 'wouter';
import type { CallError } from '../../../machines/implementations';
import { Button, EmptyState, Spinner } from '../../../ui';
import { useT } from '../../i18n';
import { useErrorText } from '../../i18n/errors';

/** What the item page shows before its form: loading, not found, or the server's trouble with a retry. */
export function ItemStateView(props: {
  state: string;
  error: CallError | null;
  listingHref: string;
  onRetry: () => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const { error } = props;
  if (props.state === 'notFound') {
    return (
      <div className="item-state">
        <EmptyState
          live="status"
          icon="search_off"
          title={t('edit.not_found_title')}
          body={t('edit.not_found_body')}
          action={<Link href={props.listingHref}>{t('edit.back_to_listing')}</Link>}
        />
      </div>
    );
  }
  if (props.state === 'loadFailed') {
    return (
      <div className="item-state">
        <EmptyState
          live="alert"
          icon="cloud_off"
          title={t('edit.server_trouble_title')}
          body={
            <>
              <p>{t('edit.server_trouble_body')}</p>
              {error && (
                <p className="item-state__detail">
                  {errorText(error)} ({error.code})
                </p>
              )}
            </>
          }
          action={
            <Button icon="refresh" onClick={props.onRetry}>
              {t('edit.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  return <Spinner className="item-state" label={t('edit.loading')} showLabel size="large" />;
}
