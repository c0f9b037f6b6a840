import '../catalogs';
import { useMemo, useState } from 'react';
import { Badge, Card, EmptyState, Notice, TextInput } from '../../../../ui';
import type { InterfaceDefinition } from '../../../../engine/types';
import { byName } from '../../../../engine/registry/localize';
import { useLocale, useT } from '../../../i18n';
import { useProjectKey, useRegistry } from '../../../state/hooks';
import { settingsHref, settingsInterfaceHref } from '../../../paths';
import { Page } from '../../../shell/Page';
import '../settings.css';
import './interfaces.css';

/** Custom interfaces come from the server's extensions folder with `core: false`; bundled ones are core. */
export const isCustom = (definition: InterfaceDefinition) =>
  (definition as { core?: boolean }).core === false;

/** Whether a definition matches a search: its name, id or one of its types, case-insensitive. */
export function matchesSearch(definition: InterfaceDefinition, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return true;
  return [definition.name, definition.id, ...definition.types].some((text) =>
    text.toLocaleLowerCase().includes(needle),
  );
}

/** /{project}/settings/interfaces: every interface of the registry with its icon, types and origin. */
export function InterfacesList() {
  const t = useT();
  const project = useProjectKey();
  const registry = useRegistry();
  const { locale } = useLocale();
  const [search, setSearch] = useState('');
  const all = useMemo(() => registry.interfaces().slice().sort(byName(locale)), [registry, locale]);
  const shown = all.filter((definition) => matchesSearch(definition, search));
  // Custom interfaces that failed in this session (their module did not load or their component threw).
  const problems = registry.problems().filter((problem) => problem.kind === 'interface');
  return (
    <Page
      title={t('settings_interfaces.title')}
      breadcrumb={[{ label: t('settings_interfaces.settings'), href: settingsHref(project) }]}
      className="settings-page interfaces-page"
      info={<p className="info-sidebar__empty">{t('settings_interfaces.info_list')}</p>}
    >
      <div className="interfaces-toolbar" role="search">
        <label htmlFor="interfaces-search" className="interfaces-toolbar__label">
          {t('settings_interfaces.search')}
        </label>
        <TextInput
          id="interfaces-search"
          type="search"
          value={search}
          onChange={setSearch}
          iconLeft="search"
          describedBy="interfaces-count"
        />
        <p id="interfaces-count" className="interfaces-toolbar__count" role="status">
          {shown.length === all.length
            ? t('settings_interfaces.count_all', { total: all.length })
            : t('settings_interfaces.count', { shown: shown.length, total: all.length })}
        </p>
      </div>
      {problems.length > 0 && (
        <Notice color="danger" title={t('settings_interfaces.problems')} className="interfaces-problems">
          <ul>
            {problems.map((problem) => (
              <li key={problem.id}>{problem.message}</li>
            ))}
          </ul>
        </Notice>
      )}
      {shown.length === 0 ? (
        <EmptyState
          icon="search_off"
          title={t('settings_interfaces.none', { search })}
          body={t('settings_interfaces.none_body')}
        />
      ) : (
        <ul className="interfaces-grid">
          {shown.map((definition) => (
            <li key={definition.id}>
              <Card
                href={`#${settingsInterfaceHref(project, definition.id)}`}
                icon={definition.icon}
                title={definition.name}
                subtitle={<code>{definition.id}</code>}
                headingLevel={2}
                className="interfaces-card"
              >
                <span className="interfaces-card__badges">
                  <Badge
                    background={isCustom(definition) ? 'accent' : undefined}
                    subdued={!isCustom(definition)}
                  >
                    {isCustom(definition)
                      ? t('settings_interfaces.origin_custom')
                      : t('settings_interfaces.origin_core')}
                  </Badge>
                  {definition.module_url && <Badge subdued>{t('settings_interfaces.with_module')}</Badge>}
                </span>
                <span className="interfaces-card__types">
                  <span className="interfaces-card__types-label">{t('settings_interfaces.types')}</span>{' '}
                  {definition.types.join(', ')}
                </span>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}

export default InterfacesList;
