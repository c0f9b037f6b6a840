import { Link } from 'wouter';
import type { CallError } from '../../../machines/implementations';
import { useT } from '../../i18n';
import { ItemIcon } from './icons';

/** What the item page shows before its form: loading, not found, or the server's trouble with a retry. */
export function ItemStateView(props: {
  state: string;
  error: CallError | null;
  listingHref: string;
  onRetry: () => void;
}) {
  const t = useT();
  const { error } = props;
  if (props.state === 'notFound') {
    return (
      <div className="item-state" role="status">
        <ItemIcon name="search_off" size={48} />
        <h2>{t('edit.not_found_title')}</h2>
        <p>{t('edit.not_found_body')}</p>
        <Link href={props.listingHref}>{t('edit.back_to_listing')}</Link>
      </div>
    );
  }
  if (props.state === 'loadFailed') {
    return (
      <div className="item-state item-state--error" role="alert">
        <ItemIcon name="cloud_off" size={48} />
        <h2>{t('edit.server_trouble_title')}</h2>
        <p>{t('edit.server_trouble_body')}</p>
        {error && (
          <p className="item-state__detail">
            {error.message || t(`errors.${error.code}`)} ({error.code})
          </p>
        )}
        <button type="button" className="item-button item-button--primary" onClick={props.onRetry}>
          <ItemIcon name="refresh" size={18} />
          <span>{t('edit.retry')}</span>
        </button>
      </div>
    );
  }
  return (
    <div className="item-state" role="status" aria-live="polite">
      <span className="item-state__spinner" aria-hidden="true" />
      <p>{t('edit.loading')}</p>
    </div>
  );
}
