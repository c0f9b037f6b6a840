import { isPublicPath } from '../paths';
import type { ProjectsState } from '../state/projects';

export type GuardDecision =
  { kind: 'loading' } | { kind: 'render'; project: string | null } | { kind: 'redirect'; to: string };

export interface GuardInput {
  path: string;
  search: string;
  projects: Pick<ProjectsState, 'status' | 'keys' | 'projects' | 'current'>;
}

/** The project a private path belongs to: its first segment when that is a project key, else the current one. */
export function projectOfPath(path: string, projects: GuardInput['projects']): string | null {
  const first = path.split('/').filter(Boolean)[0];
  if (first && projects.keys.includes(first)) return first;
  return projects.current;
}

/**
 * The route guard (spec §2): projects load first; no projects → /install; public routes always render;
 * a private route of a project the visitor is not signed in to → /login with the original full path as
 * `redirect` (or the query kept when the path is /); the root of a signed-in project → its collections.
 */
export function decideRoute({ path, search, projects }: GuardInput): GuardDecision {
  if (projects.status === 'loading') return { kind: 'loading' };
  if (projects.status === 'none') {
    return path === '/install' ? { kind: 'render', project: null } : { kind: 'redirect', to: '/install' };
  }
  if (isPublicPath(path)) return { kind: 'render', project: projects.current };

  const project = projectOfPath(path, projects);
  const entry = project ? projects.projects[project] : undefined;
  if (projects.status === 'loaded' && entry?.status === 'loading') return { kind: 'loading' };
  if (project && entry?.status === 'successful' && entry.data?.authenticated) {
    if (path === '/') return { kind: 'redirect', to: `/${project}/collections` };
    return { kind: 'render', project };
  }
  if (path === '/') return { kind: 'redirect', to: search ? `/login?${search}` : '/login' };
  const full = search ? `${path}?${search}` : path;
  return { kind: 'redirect', to: `/login?redirect=${encodeURIComponent(full)}` };
}
