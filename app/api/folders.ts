import { itemPath, itemsPath } from '../paths';
import type { ApiClient } from './client';

/** The file library's virtual folders (`directus_folders`, api-v8 §2.9): a name and a parent folder. */
export interface Folder {
  id: number;
  name: string;
  parent_folder: number | null;
}

function folderOf(row: Record<string, unknown>): Folder {
  const parent = row.parent_folder;
  const parentId =
    parent && typeof parent === 'object' ? (parent as { id?: unknown }).id : (parent as unknown);
  return {
    id: Number(row.id),
    name: String(row.name ?? ''),
    parent_folder: parentId === null || parentId === undefined || parentId === '' ? null : Number(parentId),
  };
}

/** Every folder the caller may read (a library has few; one page of up to -1 = all). */
export async function listFolders(api: ApiClient): Promise<Folder[]> {
  const answer = await api.get<Record<string, unknown>[]>(itemsPath('directus_folders'), {
    fields: 'id,name,parent_folder',
    limit: -1,
    sort: 'name',
  });
  return (answer.data ?? []).map(folderOf);
}

export async function createFolder(api: ApiClient, name: string, parent: number | null): Promise<Folder> {
  const answer = await api.post<Record<string, unknown>>(itemsPath('directus_folders'), {
    name,
    parent_folder: parent,
  });
  return folderOf(answer.data ?? {});
}

export async function renameFolder(api: ApiClient, id: number, name: string): Promise<void> {
  await api.patch(itemPath('directus_folders', id), { name });
}

export async function deleteFolder(api: ApiClient, id: number): Promise<void> {
  await api.delete(itemPath('directus_folders', id));
}

/** Whether a folder holds any file (only empty folders are deleted). */
export async function folderHasFiles(api: ApiClient, id: number): Promise<boolean> {
  const answer = await api.get<unknown[]>(itemsPath('directus_files'), {
    fields: 'id',
    limit: 1,
    filter: { folder: { eq: id } },
  });
  return (answer.data ?? []).length > 0;
}

/** The folders from the root down to `id` (the breadcrumb); empty at the root or for an unknown id. */
export function folderPath(folders: Folder[], id: number | null): Folder[] {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const path: Folder[] = [];
  const seen = new Set<number>();
  let current = id === null ? undefined : byId.get(id);
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    path.unshift(current);
    current = current.parent_folder === null ? undefined : byId.get(current.parent_folder);
  }
  return path;
}
