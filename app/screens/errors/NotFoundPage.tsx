import { useContext } from 'react';
import { Link } from 'wouter';
import { EmptyState } from '../../../ui';
import { useT } from '../../i18n';
import { Page } from '../../shell/Page';
import { AppDataContext } from '../../state/context';

/** Any unknown path: title and body say page not found; the info sidebar reads 'No settings' (spec §2). */
export function NotFoundPage() {
  const t = useT();
  const store = useContext(AppDataContext);
  return (
    <Page
      title={t('not_found.title')}
      info={<p className="info-sidebar__empty">{t('not_found.no_settings')}</p>}
    >
      <EmptyState
        icon="search_off"
        title={t('not_found.title')}
        body={t('not_found.body')}
        action={store && <Link href={`/${store.data.project}/collections`}>{t('not_found.home')}</Link>}
      />
    </Page>
  );
}

export default NotFoundPage;
