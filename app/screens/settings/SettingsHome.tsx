import './catalogs';
import './collections/catalog';
import { Card } from '../../../ui';
import { useHasMessage, useLocale, useT } from '../../i18n';
import { useAppData, useProjectKey } from '../../state/hooks';
import { useProjects } from '../../state/projects';
import { Page } from '../../shell/Page';
import {
  settingsCollectionsHref,
  settingsHref,
  settingsInterfacesHref,
  settingsRolesHref,
} from '../../paths';
import './settings.css';

/** Bytes as the largest sensible unit: 1048576 → "1 MB". */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}

/**
 * The admin settings home (/{project}/settings): what this project runs on, and the tools. The settings
 * sections (project settings, collections, roles, webhooks) join the list as they are built.
 */
export function SettingsHome() {
  const t = useT();
  const has = useHasMessage();
  const { locale } = useLocale();
  const { data } = useAppData();
  const project = useProjectKey();
  const projects = useProjects();
  const { serverInfo } = data;
  const name = (projects.projects[project]?.data?.project_name as string | undefined) || project;
  const vendor = serverInfo.database;
  const unknown = t('settings.unknown');
  const rows: [string, string][] = [
    [t('settings.project_name'), name],
    [t('settings.project_key'), project],
    [t('settings.octavo_version'), serverInfo.version ?? unknown],
    [
      t('settings.database'),
      vendor ? (has(`settings.database_${vendor}`) ? t(`settings.database_${vendor}`) : vendor) : unknown,
    ],
    [
      t('settings.max_upload_size'),
      serverInfo.maxUploadSize != null ? formatBytes(serverInfo.maxUploadSize, locale) : unknown,
    ],
    [t('settings.api_address'), new URL(`${data.api.root}${project}/`, window.location.href).href],
  ];
  return (
    <Page
      title={t('settings.title')}
      className="settings-page"
      info={<p className="info-sidebar__empty">{t('not_found.no_settings')}</p>}
    >
      <section className="settings-section" aria-labelledby="settings-about">
        <h2 id="settings-about" className="settings-section__title">
          {t('settings.about')}
        </h2>
        <dl className="settings-facts">
          {rows.map(([label, value]) => (
            <div key={label} className="settings-facts__row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="settings-section" aria-labelledby="settings-sections">
        <h2 id="settings-sections" className="settings-section__title">
          {t('settings.sections')}
        </h2>
        <div className="settings-cards">
          <Card href={`#${settingsHref(project)}/global`} icon="tune" title={t('settings_global.title')}>
            {t('settings_global.card_body')}
          </Card>
          <Card
            href={`#${settingsRolesHref(project)}`}
            icon="admin_panel_settings"
            title={t('settings_roles.title')}
          >
            {t('settings_roles.card_body')}
          </Card>
          <Card href={`#${settingsHref(project)}/webhooks`} icon="send" title={t('webhooks.title')}>
            {t('webhooks.card_body')}
          </Card>
        </div>
      </section>
      <section className="settings-section" aria-labelledby="settings-tools">
        <h2 id="settings-tools" className="settings-section__title">
          {t('settings.tools')}
        </h2>
        <div className="settings-cards">
          <Card
            href={`#${settingsCollectionsHref(project)}`}
            icon="database"
            title={t('settings_collections.title')}
          >
            {t('settings_collections.card_body')}
          </Card>
          <Card href="#/statecharts" icon="account_tree" title={t('statecharts.title')}>
            {t('settings.statecharts_body')}
          </Card>
          <Card
            href={`#${settingsInterfacesHref(project)}`}
            icon="extension"
            title={t('settings_interfaces.title')}
          >
            {t('settings_interfaces.card_body')}
          </Card>
          <Card href="#/gallery" icon="palette" title={t('gallery.title')}>
            {t('settings.gallery_body')}
          </Card>
        </div>
      </section>
    </Page>
  );
}

export default SettingsHome;
