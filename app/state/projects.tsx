import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { projectStatusMachine, type ProjectInfo } from '../../machines/project-status.machine';
import { toCallError, type CallError } from '../../machines/implementations';
import { createApiClient, toApiError } from '../api/client';
import { registerLiveActor } from '../statecharts/live-actors';

/** The projects of the server and each one's status (spec §3 Project, §4 Project status). */
export interface ProjectEntry {
  key: string;
  status: 'loading' | 'successful' | 'failed';
  data: ProjectInfo | null;
  error: CallError | null;
}

export interface ProjectsState {
  root: string;
  /** loading → loaded; `none` when the server has no project (code 14: go to /install); `failed` otherwise. */
  status: 'loading' | 'loaded' | 'none' | 'failed';
  error: CallError | null;
  keys: string[];
  projects: Record<string, ProjectEntry>;
  /** The current project key (kept in session storage). */
  current: string | null;
}

export interface ProjectsStore extends ProjectsState {
  setCurrent(key: string): void;
  reload(): Promise<void>;
  reloadProject(key: string): Promise<ProjectEntry | undefined>;
  /**
   * Fetches a project's info again and swaps it in place (after its branding changed), without the
   * loading state `reloadProject` passes through, so the signed-in app stays as it is.
   */
  refreshProjectInfo(key: string): Promise<void>;
  markUnauthenticated(key: string): void;
}

export const CURRENT_PROJECT_KEY = 'octavo.currentProject';

function readStoredProject(): string | null {
  try {
    return window.sessionStorage.getItem(CURRENT_PROJECT_KEY);
  } catch {
    return null;
  }
}

function storeProject(key: string) {
  try {
    window.sessionStorage.setItem(CURRENT_PROJECT_KEY, key);
  } catch {
    // Storage may be unavailable (private mode); the key then lives only in memory.
  }
}

function assetUrl(root: string, file: unknown): string | null {
  if (!file || typeof file !== 'object') return typeof file === 'string' ? file : null;
  const block = file as { asset_url?: string; full_url?: string; url?: string };
  const url = block.asset_url ?? block.full_url ?? block.url ?? null;
  if (!url) return null;
  return /^(https?:)?\/\//.test(url) || url.startsWith('/') ? url : `${root}${url}`;
}

/** GET {root}{key}/ → the project's branding, and whether the caller is signed in (no `public` flag). */
export async function fetchProjectInfo(root: string, key: string): Promise<ProjectInfo> {
  const response = await createApiClient(root, key).get<{
    api: Record<string, any>;
    server?: Record<string, any>;
  }>('');
  const api = response.data?.api ?? {};
  return {
    ...api,
    project_name: api.project_name || key,
    project_color: api.project_color ?? null,
    project_logo: assetUrl(root, api.project_logo),
    project_foreground: assetUrl(root, api.project_foreground),
    project_background: assetUrl(root, api.project_background),
    project_public_note: api.project_public_note ?? null,
    default_locale: api.default_locale ?? null,
    telemetry: api.telemetry !== false,
    requires2FA: Boolean(api.requires2FA),
    authenticated: response.public === undefined,
    max_upload_size: response.data?.server?.max_upload_size ?? null,
  };
}

const ProjectsContext = createContext<ProjectsStore | null>(null);

export function useProjects(): ProjectsStore {
  const store = useContext(ProjectsContext);
  if (!store) throw new Error('useProjects: no ProjectsProvider');
  return store;
}

type StatusActor = ActorRefFrom<typeof projectStatusMachine>;

export function ProjectsProvider({
  root,
  children,
  initialProject,
}: {
  root: string;
  children: ReactNode;
  initialProject?: string | null;
}) {
  const [state, setState] = useState<ProjectsState>(() => ({
    root,
    status: 'loading',
    error: null,
    keys: [],
    projects: {},
    current: initialProject ?? readStoredProject(),
  }));
  const actors = useRef(new Map<string, { actor: StatusActor; unregister: () => void }>());

  const statusMachine = useMemo(
    () =>
      projectStatusMachine.provide({
        actors: { fetchProjectInfo: fromPromise(({ input }) => fetchProjectInfo(root, input.key)) },
      }),
    [root],
  );

  const watch = useCallback(
    (key: string): Promise<ProjectEntry> =>
      new Promise((resolve) => {
        let running = actors.current.get(key);
        if (!running) {
          const actor = createActor(statusMachine, { input: { key } });
          const unregister = registerLiveActor('project-status', actor);
          running = { actor, unregister };
          actors.current.set(key, running);
          actor.subscribe((snapshot) => {
            const status = snapshot.value as ProjectEntry['status'];
            const entry: ProjectEntry = {
              key,
              status,
              data: snapshot.context.data,
              error: snapshot.context.error,
            };
            setState((s) => ({ ...s, projects: { ...s.projects, [key]: entry } }));
          });
          actor.start();
        } else {
          running.actor.send({ type: 'RELOAD' });
        }
        const sub = running.actor.subscribe((snapshot) => {
          if (snapshot.value !== 'loading') {
            sub.unsubscribe();
            resolve({
              key,
              status: snapshot.value as ProjectEntry['status'],
              data: snapshot.context.data,
              error: snapshot.context.error,
            });
          }
        });
      }),
    [statusMachine],
  );

  const reload = useCallback(async () => {
    let keys: string[];
    try {
      const response = await createApiClient(root, '').get<string[]>('/server/projects');
      keys = Array.isArray(response.data) ? response.data.map(String) : [];
    } catch (error) {
      const callError = toCallError(toApiError(error));
      setState((s) => ({ ...s, status: callError.code === 14 ? 'none' : 'failed', error: callError }));
      return;
    }
    setState((s) => {
      const current = s.current && keys.includes(s.current) ? s.current : (keys[0] ?? null);
      if (current) storeProject(current);
      return { ...s, keys, current };
    });
    await Promise.all(keys.map((key) => watch(key)));
    // An empty list means every project is private: the login page says so (not an install).
    setState((s) => ({ ...s, status: 'loaded', error: null }));
  }, [root, watch]);

  useEffect(() => {
    void reload();
    const running = actors.current;
    return () => {
      for (const { actor, unregister } of running.values()) {
        actor.stop();
        unregister();
      }
      running.clear();
    };
  }, [reload]);

  const setCurrent = useCallback((key: string) => {
    storeProject(key);
    setState((s) => (s.current === key ? s : { ...s, current: key }));
  }, []);

  const reloadProject = useCallback(
    async (key: string) => {
      if (!state.keys.includes(key)) return undefined;
      return watch(key);
    },
    [state.keys, watch],
  );

  const refreshProjectInfo = useCallback(
    async (key: string) => {
      const data = await fetchProjectInfo(root, key);
      setState((s) => {
        const entry = s.projects[key];
        return entry ? { ...s, projects: { ...s.projects, [key]: { ...entry, data } } } : s;
      });
    },
    [root],
  );

  const markUnauthenticated = useCallback((key: string) => {
    setState((s) => {
      const entry = s.projects[key];
      if (!entry?.data) return s;
      return {
        ...s,
        projects: { ...s.projects, [key]: { ...entry, data: { ...entry.data, authenticated: false } } },
      };
    });
  }, []);

  const value = useMemo<ProjectsStore>(
    () => ({ ...state, setCurrent, reload, reloadProject, refreshProjectInfo, markUnauthenticated }),
    [state, setCurrent, reload, reloadProject, refreshProjectInfo, markUnauthenticated],
  );
  return <ProjectsContext.Provider value={value}>{children}</ProjectsContext.Provider>;
}

/** For tests: a fixed projects store. */
export function StaticProjectsProvider({ value, children }: { value: ProjectsStore; children: ReactNode }) {
  return <ProjectsContext.Provider value={value}>{children}</ProjectsContext.Provider>;
}
