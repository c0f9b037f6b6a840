import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, Route, Switch, useLocation } from 'wouter';
import { useT } from '../i18n';
import { useAppData, usePermissionModel } from '../state/hooks';
import { trackPage } from '../api/users';
import { ping } from '../state/hydrate';
import { PrivateRoutes } from '../routes';
import { NotFoundPage } from '../screens/errors/NotFoundPage';
import { ShellContext, type ShellState } from './shell-context';
import { activityLinkHref } from './menus';
import { ModuleBar } from './ModuleBar';
import { NavSidebar } from './NavSidebar';
import { useLatency } from './latency';
import { FullPageLoader } from './FullPageLoader';
import { infoOpenOn, infoPreferenceKey, rememberInfoToggle } from './info-preference';
import './shell.css';

const StatechartViewer = lazy(() =>
  import('../statecharts/StatechartViewer').then((m) => ({ default: m.StatechartViewer })),
);
const SettingsHome = lazy(() => import('../screens/settings/SettingsHome'));
const UiGallery = lazy(() => import('../screens/settings/UiGallery'));
const SettingsRoutes = lazy(() => import('../screens/settings/SettingsRoutes'));
const ExtensionModulePage = lazy(() =>
  import('./ExtensionModulePage').then((m) => ({ default: m.ExtensionModulePage })),
);

/** Pages that are not tracked as the user's last page. */
const UNTRACKED = ['/login', '/setup-2fa', '/logout'];

/** Page tracking and the latency ping one second after each navigation (spec §7, api-v8 §2.25 step 4). */
function useNavigationEffects(path: string) {
  const { data } = useAppData();
  const latency = useLatency();
  useEffect(() => {
    if (!UNTRACKED.includes(path)) {
      trackPage(data.api, data.user.id, path).catch(() => {
        // Tracking is best effort; a failure must not disturb the user.
      });
    }
    const timer = window.setTimeout(() => {
      void ping(data.api).then(latency.add);
    }, 1000);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);
}

export function Shell() {
  const t = useT();
  const { data } = useAppData();
  const permissions = usePermissionModel();
  const [path] = useLocation();
  const [navOpen, setNavOpen] = useState(false);
  const infoKey = infoPreferenceKey(data.project, data.user.id);
  const [infoOpen, setInfoOpenState] = useState(() => infoOpenOn(path, infoKey));
  useNavigationEffects(path);

  // Sidebars close on navigation; item pages open the info sidebar on wide windows, unless the user
  // closed it there (a manual toggle on an item page is remembered per user).
  useEffect(() => {
    setNavOpen(false);
    setInfoOpenState(infoOpenOn(path, infoKey));
  }, [path, infoKey]);
  const setInfoOpen = useCallback(
    (open: boolean) => {
      setInfoOpenState(open);
      rememberInfoToggle(path, infoKey, open);
    },
    [path, infoKey],
  );

  const shell = useMemo<ShellState>(
    () => ({
      navOpen,
      infoOpen,
      setNavOpen,
      setInfoOpen,
      activityHref: activityLinkHref(data.project, permissions),
    }),
    [navOpen, infoOpen, setInfoOpen, data, permissions],
  );

  return (
    <ShellContext.Provider value={shell}>
      <div className={`shell${navOpen ? ' shell--nav-open' : ''}`}>
        <a
          className="skip-link"
          href="#main"
          onClick={(e) => {
            e.preventDefault();
            document.getElementById('main')?.focus();
          }}
        >
          {t('nav.title')}
        </a>
        <ModuleBar />
        <NavSidebar />
        {navOpen && (
          <button
            type="button"
            className="shell__overlay"
            aria-label={t('nav.close')}
            onClick={() => setNavOpen(false)}
          />
        )}
        <div className="shell__content">
          <Switch>
            <Route path="/statecharts">{data.admin ? <Viewer /> : <NotFoundPage />}</Route>
            <Route path="/statecharts/:name">
              {(params) => (data.admin ? <Viewer name={params.name} /> : <NotFoundPage />)}
            </Route>
            <Route path="/gallery">
              {data.admin ? <AdminScreen screen={<UiGallery />} /> : <NotFoundPage />}
            </Route>
            <Route path="/:project/settings">
              {data.admin ? <AdminScreen screen={<SettingsHome />} /> : <NotFoundPage />}
            </Route>
            <Route path="/:project/settings/*">
              {data.admin ? <AdminScreen screen={<SettingsRoutes />} /> : <NotFoundPage />}
            </Route>
            <Route path="/:project/ext/:id">
              {(params) => <AdminScreen screen={<ExtensionModulePage id={params.id} />} />}
            </Route>
            <Route>
              <PrivateRoutes />
            </Route>
          </Switch>
        </div>
      </div>
    </ShellContext.Provider>
  );
}

function Viewer({ name }: { name?: string }) {
  return (
    <Suspense fallback={<FullPageLoader area="content" />}>
      <div className="shell__viewer">
        <StatechartViewer name={name} />
      </div>
    </Suspense>
  );
}

/** A screen loaded on first visit (admin tools, extension module pages). */
function AdminScreen({ screen }: { screen: ReactNode }) {
  return <Suspense fallback={<FullPageLoader area="content" />}>{screen}</Suspense>;
}

export { Link };
