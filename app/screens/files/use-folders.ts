import { useCallback, useEffect, useState } from 'react';
import { listFolders, type Folder } from '../../api/folders';
import { useApi } from '../../state/hooks';

/** The library's folders, loaded once and again after each change to them. */
export function useFolders() {
  const api = useApi();
  const [folders, setFolders] = useState<Folder[]>([]);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let cancelled = false;
    listFolders(api).then(
      (list) => {
        if (!cancelled) setFolders(list);
      },
      () => {
        if (!cancelled) setFolders([]);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [api, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { folders, reload };
}
