import type { ApiClient } from './client';

/** The database vendors the server can install a project on (answered freely while it has none). */
export async function serverDatabases(api: ApiClient): Promise<string[]> {
  const answer = await api.get<{ databases?: string[] }>('/server/info');
  return answer.data?.databases ?? [];
}

/** Installs a project: the super-admin token is checked first, so a wrong one changes nothing. */
export async function installProject(
  api: ApiClient,
  superAdminToken: string,
  payload: Record<string, unknown>,
): Promise<void> {
  await api.get('/server/info', { super_admin_token: superAdminToken });
  await api.post('/server/projects', payload);
}
