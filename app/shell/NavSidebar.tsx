import { Link, useLocation } from 'wouter';
import { useLocale, useT } from '../i18n';
import { useAppData, usePermissionModel } from '../state/hooks';
import { useProjects } from '../state/projects';
import { collectionHref } from '../paths';
import { Icon, VisuallyHidden } from '../../ui';
import { navigationGroups } from './menus';
import { NavBookmarks } from './NavBookmarks';
import { collectionName } from '../names';
import { signalStrength, useLatency } from './latency';

function SignalBars({ strength, label }: { strength: number; label: string }) {
  return (
    <span className="signal" role="img" aria-label={label} title={label}>
      {[1, 2, 3, 4].map((bar) => (
        <span
          key={bar}
          className={`signal__bar${bar <= strength ? ' signal__bar--on' : ''}`}
          style={{ height: `${bar * 3 + 2}px` }}
        />
      ))}
    </span>
  );
}

/** The project switcher: name and latency; a select when there is more than one project. */
function ProjectSwitcher() {
  const t = useT();
  const { data } = useAppData();
  const projects = useProjects();
  const [, navigate] = useLocation();
  const { samples } = useLatency();
  const last = samples.length ? samples[samples.length - 1].latency : null;
  const strength = signalStrength(last);
  const name = (projects.projects[data.project]?.data?.project_name as string | undefined) || data.project;
  const latencyText = last != null && last >= 0 ? t('nav.latency', { ms: last }) : t('nav.latency_unknown');
  return (
    <div className="project-switcher">
      {projects.keys.length > 1 ? (
        <>
          <label htmlFor="project-switcher">
            <VisuallyHidden>{t('nav.switch_project')}</VisuallyHidden>
          </label>
          <select
            id="project-switcher"
            className="project-switcher__select"
            value={data.project}
            onChange={(event) => navigate(`/${event.target.value}/collections`)}
          >
            {projects.keys.map((key) => (
              <option key={key} value={key}>
                {(projects.projects[key]?.data?.project_name as string | undefined) || key}
              </option>
            ))}
          </select>
        </>
      ) : (
        <span className="project-switcher__name" title={name}>
          {name}
        </span>
      )}
      <span className="project-switcher__latency" title={latencyText}>
        <SignalBars strength={strength} label={`${t('nav.signal', { strength })}. ${latencyText}`} />
      </span>
    </div>
  );
}

/** The navigation sidebar: project switcher, collection links, bookmarks (spec §2 Shell). */
export function NavSidebar() {
  const t = useT();
  const { data } = useAppData();
  const [path] = useLocation();
  const { locale } = useLocale();
  const groups = navigationGroups(data, usePermissionModel(), (meta) =>
    collectionName(meta.collection, meta, locale),
  );
  const empty = groups.every((g) => g.collections.length === 0);
  return (
    <aside className="nav-sidebar" aria-label={t('nav.title')}>
      <ProjectSwitcher />
      <nav className="nav-sidebar__body">
        {empty ? (
          <p className="nav-sidebar__empty">{t('nav.no_collections')}</p>
        ) : (
          groups.map((group, index) => (
            <section key={`${group.name ?? ''}-${index}`} className="nav-group">
              <h2 className="nav-group__title">{group.name ?? t('nav.collections')}</h2>
              <ul>
                {group.collections.map((collection) => {
                  const href = collectionHref(data.project, collection.collection);
                  const active = path === href || path.startsWith(`${href}/`);
                  return (
                    <li key={collection.collection}>
                      <Link
                        href={href}
                        className={`nav-link${active ? ' nav-link--active' : ''}`}
                        aria-current={active ? 'page' : undefined}
                      >
                        <Icon name={collection.icon || 'inventory_2'} size="small" />
                        <span>{collectionName(collection.collection, collection, locale)}</span>
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </section>
          ))
        )}
        <NavBookmarks />
      </nav>
    </aside>
  );
}
