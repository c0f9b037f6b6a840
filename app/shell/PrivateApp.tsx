import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { hydrationMachine, type HydrationUser } from '../../machines/hydration.machine';
import { createApiClient } from '../api/client';
import { useLocale, useT } from '../i18n';
import { AppDataContext, type AppDataStore } from '../state/context';
import {
  buildRegistry,
  isAdminUser,
  loadCurrentUser,
  loadPermissions,
  loadProjectData,
  loadSchema,
  type LatencySample,
  type LoadedData,
} from '../state/hydrate';
import { useNotify } from '../state/hooks';
import { useProjects } from '../state/projects';
import type { AppData, CurrentUser } from '../state/types';
import { registerLiveActor } from '../statecharts/live-actors';
import { applyTheme } from '../theme/theme';
import { FullPageLoader } from './FullPageLoader';
import { Button, buttonClassName, EmptyState } from '../../ui';
import { Shell } from './Shell';
import { LatencyContext } from './latency';
import '../screens/errors/errors.css';

/**
 * The private part of the app for one project: the hydration machine loads everything (spec §4 Start-up),
 * a full-page loader shows meanwhile, a failure shows the server-error page, no extensions the
 * extensions-missing page; then the shell with the private routes.
 */
export default function PrivateApp({ project }: { project: string }) {
  const t = useT();
  const notify = useNotify();
  const { setLocale } = useLocale();
  const projects = useProjects();
  const entry = projects.projects[project];
  const api = useMemo(() => createApiClient(projects.root, project), [projects.root, project]);
  const partial = useRef<{ user?: CurrentUser; loaded?: LoadedData; registry?: AppData['registry'] }>({});
  const [data, setData] = useState<AppData | null>(null);
  const [latency, setLatency] = useState<LatencySample[]>([]);
  const defaultLocale = (entry?.data?.default_locale as string | null | undefined) ?? null;

  const machine = useMemo(
    () =>
      hydrationMachine.provide({
        actors: {
          loadBasics: fromPromise(async () => {
            const user = await loadCurrentUser(api);
            partial.current.user = user;
            return { user: user as unknown as HydrationUser, projectDefaultLocale: defaultLocale };
          }),
          loadData: fromPromise(async () => {
            const user = partial.current.user!;
            const loaded = await loadProjectData(api, user);
            const { registry, problems } = await buildRegistry(loaded, projects.root);
            for (const problem of problems)
              notify({ title: t('errors.extension_failed'), details: problem.message, color: 'danger' });
            partial.current.loaded = loaded;
            partial.current.registry = registry;
          }),
          loadPermissions: fromPromise(async () => {
            const user = partial.current.user!;
            const admin = isAdminUser(user);
            const permissions = await loadPermissions(api, admin);
            const loaded = partial.current.loaded!;
            setLatency([loaded.latency]);
            setData({
              project,
              api,
              user,
              admin,
              schema: loaded.schema,
              permissions,
              settings: loaded.settings,
              registry: partial.current.registry!,
              modules: loaded.modules,
              bookmarks: loaded.bookmarks,
              presets: {},
              serverInfo: loaded.serverInfo,
              extensionsLoaded: loaded.interfaces.length + loaded.layouts.length + loaded.modules.length > 0,
            });
          }),
        },
        actions: {
          applyLanguage: (_, params) => setLocale(params.locale),
          logFailure: (_, params) => console.error('[hydration] failed', params.error),
        },
      }),
    // The machine is built once per project; its actors read the latest values through refs and the api.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [api, project],
  );
  const actor = useActorRef(machine, {
    input: { project, browserLanguage: typeof navigator === 'undefined' ? 'en-US' : navigator.language },
  });
  useEffect(() => registerLiveActor('hydration', actor), [actor]);
  useEffect(() => {
    actor.send({ type: 'HYDRATE' });
  }, [actor]);
  const state = useSelector(actor, (s) => ({
    hydrated: s.context.hydrated,
    failed: s.context.hydrationFailed,
    error: s.context.error,
  }));

  useEffect(() => {
    if (data) applyTheme(data.user.theme);
  }, [data]);

  const update = useCallback((updater: (d: AppData) => AppData) => setData((d) => (d ? updater(d) : d)), []);
  const refreshSchema = useCallback(async () => {
    const schema = await loadSchema(api);
    setData((d) => (d ? { ...d, schema } : d));
  }, [api]);
  const store = useMemo<AppDataStore | null>(
    () => (data ? { data, update, refreshSchema } : null),
    [data, update, refreshSchema],
  );
  const addLatency = useCallback(
    (sample: LatencySample) => setLatency((list) => [...list, sample].slice(-200)),
    [],
  );

  if (state.failed) {
    return (
      <div className="error-page">
        <EmptyState
          framed
          live="alert"
          icon="cloud_off"
          title={t('server_error.title')}
          body={t('server_error.body', { message: state.error?.message ?? '' })}
          action={
            <>
              <Button onClick={() => actor.send({ type: 'RETRY' })}>{t('server_error.retry')}</Button>
              <Link href="/login" className={buttonClassName({ variant: 'secondary' })}>
                {t('server_error.other_project')}
              </Link>
            </>
          }
        />
      </div>
    );
  }
  if (!state.hydrated || !store) return <FullPageLoader label={t('hydration.loading')} />;
  if (!store.data.extensionsLoaded) {
    return (
      <div className="error-page">
        <EmptyState
          framed
          live="alert"
          icon="extension_off"
          title={t('extensions_missing.title')}
          body={t('extensions_missing.body')}
        />
      </div>
    );
  }
  return (
    <AppDataContext.Provider value={store}>
      <LatencyContext.Provider value={{ samples: latency, add: addLatency }}>
        <Shell />
      </LatencyContext.Provider>
    </AppDataContext.Provider>
  );
}
