import { Link } from 'wouter';
import { useT } from '../../i18n';
import { Page } from '../../shell/Page';
import { Icon } from '../../shell/Icon';
import { useContext } from 'react';
import { AppDataContext } from '../../state/context';
import './errors.css';

/** Any unknown path: title and body say page not found; the info sidebar reads 'No settings' (spec §2). */
export function NotFoundPage() {
  const t = useT();
  const store = useContext(AppDataContext);
  return (
    <Page
      title={t('not_found.title')}
      info={<p className="info-sidebar__empty">{t('not_found.no_settings')}</p>}
    >
      <div className="error-state">
        <Icon name="search_off" size={48} />
        <h2>{t('not_found.title')}</h2>
        <p>{t('not_found.body')}</p>
        {store && <Link href={`/${store.data.project}/collections`}>{t('not_found.home')}</Link>}
      </div>
    </Page>
  );
}

export default NotFoundPage;
