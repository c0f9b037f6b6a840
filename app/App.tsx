import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Redirect, Route, Router, Switch, useLocation, useSearch } from 'wouter';
import { I18nProvider, useT } from './i18n';
import { ProjectsProvider, useProjects } from './state/projects';
import { NotificationsProvider } from './shell/Notifications';
import { FullPageLoader } from './shell/FullPageLoader';
import { decideRoute } from './shell/guard';
import { useHashPath, useHashSearch } from './shell/hash-location';
import { LoginPage } from './screens/public/LoginPage';
import { applyTheme } from './theme/theme';
import './theme/base.css';

const PrivateApp = lazy(() => import('./shell/PrivateApp'));
const ResetPasswordPage = lazy(() => import('./screens/public/ResetPasswordPage'));
const InstallPage = lazy(() => import('./screens/public/InstallPage'));
const SetupTwoFactorPage = lazy(() => import('./screens/public/SetupTwoFactorPage'));
const LogoutPage = lazy(() => import('./screens/public/LogoutPage'));
const AcceptInvitePage = lazy(() => import('./screens/public/AcceptInvitePage'));

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullPageLoader />}>{children}</Suspense>;
}

/** `?project=key` selects the current project and is then removed from the URL (spec §2). */
function useProjectQuery() {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const { keys, setCurrent } = useProjects();
  useEffect(() => {
    const params = new URLSearchParams(search);
    const project = params.get('project');
    if (project === null || keys.length === 0) return;
    if (keys.includes(project)) setCurrent(project);
    params.delete('project');
    const rest = params.toString();
    navigate(rest ? `${path}?${rest}` : path, { replace: true });
  }, [search, keys, path, navigate, setCurrent]);
}

function Guarded() {
  const [path] = useLocation();
  const search = useSearch();
  const projects = useProjects();
  const t = useT();
  useProjectQuery();
  const decision = decideRoute({ path, search, projects });
  const { setCurrent, current } = projects;
  const project = decision.kind === 'render' ? decision.project : null;
  useEffect(() => {
    if (project && project !== current) setCurrent(project);
  }, [project, current, setCurrent]);

  if (decision.kind === 'loading') return <FullPageLoader label={t('app.loading')} />;
  if (decision.kind === 'redirect') return <Redirect to={decision.to} replace />;
  return (
    <Loading>
      <Switch>
        <Route path="/login">
          <LoginPage />
        </Route>
        <Route path="/reset-password">
          <ResetPasswordPage />
        </Route>
        <Route path="/install">
          <InstallPage />
        </Route>
        <Route path="/setup-2fa">
          <SetupTwoFactorPage />
        </Route>
        <Route path="/logout">
          <LogoutPage />
        </Route>
        <Route path="/accept-invite">
          <AcceptInvitePage />
        </Route>
        <Route>{project && <PrivateApp key={project} project={project} />}</Route>
      </Switch>
    </Loading>
  );
}

export function App({ root }: { root: string }) {
  useEffect(() => applyTheme('auto'), []);
  return (
    <Router hook={useHashPath} searchHook={useHashSearch}>
      <I18nProvider>
        <NotificationsProvider>
          <ProjectsProvider root={root}>
            <Guarded />
          </ProjectsProvider>
        </NotificationsProvider>
      </I18nProvider>
    </Router>
  );
}
