import { useCallback, useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { hydrationMachine, type HydrationUser } from '../../machines/hydration.machine';
import { createApiClient } from '../api/client';
import { APP_LOCALES } from '../../engine/components/pickers/languages';
import { useLocale, useT } from '../i18n';
import { registerLiveActor } from '../statecharts/live-actors';
import type { AppDataStore } from './context';
import { useNotify } from './hooks';
import {
  buildRegistry,
  isAdminUser,
  loadCurrentUser,
  loadPermissions,
  loadProjectData,
  loadSchema,
  type LoadedData,
} from './hydrate';
import { useProjects } from './projects';
import type { AppData, CurrentUser } from './types';

interface Loaded {
  data: LoadedData;
  registry: AppData['registry'];
}

/**
 * Start-up of one project (spec §4): the hydration machine's actors load the user, then the project's
 * data, then the permissions, and hand each result to the machine. The app renders from the machine's
 * snapshot; later changes (a refreshed schema, a preset) go back to it as UPDATE events.
 */
export function useHydration(project: string) {
  const t = useT();
  const notify = useNotify();
  const { setLocale } = useLocale();
  const projects = useProjects();
  const api = useMemo(() => createApiClient(projects.root, project), [projects.root, project]);
  const defaultLocale =
    (projects.projects[project]?.data?.default_locale as string | null | undefined) ?? null;

  const machine = useMemo(
    () =>
      hydrationMachine.provide({
        actors: {
          loadBasics: fromPromise(async () => {
            const user = await loadCurrentUser(api);
            return { user: user as unknown as HydrationUser, projectDefaultLocale: defaultLocale };
          }),
          loadData: fromPromise<unknown, { project: string; locale: string; user: HydrationUser }>(
            async ({ input }) => {
              const data = await loadProjectData(api, input.user as unknown as CurrentUser);
              const { registry, problems } = await buildRegistry(data, projects.root);
              for (const problem of problems)
                notify({ title: t('errors.extension_failed'), details: problem.message, color: 'danger' });
              return { data, registry } satisfies Loaded;
            },
          ),
          loadPermissions: fromPromise<unknown, { project: string; user: HydrationUser; loaded: unknown }>(
            async ({ input }) => {
              const user = input.user as unknown as CurrentUser;
              const { data, registry } = input.loaded as Loaded;
              const admin = isAdminUser(user);
              const permissions = await loadPermissions(api, admin);
              return {
                project,
                api,
                user,
                admin,
                schema: data.schema,
                permissions,
                settings: data.settings,
                registry,
                modules: data.modules,
                bookmarks: data.bookmarks,
                presets: {},
                serverInfo: data.serverInfo,
                latency: data.latency,
                extensionsLoaded: data.interfaces.length + data.layouts.length + data.modules.length > 0,
              } satisfies AppData & { latency: LoadedData['latency'] };
            },
          ),
        },
        actions: {
          applyLanguage: (_, params) => setLocale(params.locale),
          logFailure: (_, params) => console.error('[hydration] failed', params.error),
        },
      }),
    // The machine is built once per project; its actors read the latest values through their closures.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [api, project],
  );
  const actor = useActorRef(machine, {
    input: {
      project,
      browserLanguage: typeof navigator === 'undefined' ? 'en-US' : navigator.language,
      locales: APP_LOCALES,
    },
  });
  useEffect(() => registerLiveActor('hydration', actor), [actor]);
  useEffect(() => {
    actor.send({ type: 'HYDRATE' });
  }, [actor]);

  const data = useSelector(
    actor,
    (snapshot) => snapshot.context.data as (AppData & { latency?: unknown }) | null,
  );
  const failed = useSelector(actor, (snapshot) => snapshot.context.hydrationFailed);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);

  const update = useCallback(
    (updater: (current: AppData) => AppData) => {
      const current = actor.getSnapshot().context.data as AppData | null;
      if (current) actor.send({ type: 'UPDATE', data: updater(current) });
    },
    [actor],
  );
  const refreshSchema = useCallback(async () => {
    const schema = await loadSchema(api);
    update((current) => ({ ...current, schema }));
  }, [api, update]);
  const store = useMemo<AppDataStore | null>(
    () => (data ? { data, update, refreshSchema } : null),
    [data, update, refreshSchema],
  );
  return { store, failed, error, retry: () => actor.send({ type: 'RETRY' }) };
}
