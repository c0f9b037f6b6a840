import { Link } from 'wouter';
import { Button, Icon, IconButton } from '../../../ui';
import type { Folder } from '../../api/folders';
import { useT } from '../../i18n';
import { filesHref } from '../../paths';
import { useProjectKey } from '../../state/hooks';

/**
 * The folders inside the current one (links into them) and what may be done here: a new folder, and on a
 * folder, rename it or delete it when it is empty. The way back up is the page's breadcrumb.
 */
export function FolderBar(props: {
  current: Folder | null;
  currentName: string;
  children: Folder[];
  mayCreate: boolean;
  mayRename: boolean;
  mayDelete: boolean;
  onCreate: () => void;
  onRename: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  const project = useProjectKey();
  return (
    <div className="folder-bar">
      <nav className="folder-bar__folders" aria-label={t('files.subfolders', { folder: props.currentName })}>
        <ul>
          {props.children.map((folder) => (
            <li key={folder.id}>
              <Link href={filesHref(project, folder.id)} className="folder-bar__folder">
                <Icon name="folder" />
                <span>{folder.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="folder-bar__actions">
        {props.mayCreate && (
          <Button variant="secondary" size="small" icon="create_new_folder" onClick={props.onCreate}>
            {t('files.folder_new')}
          </Button>
        )}
        {props.current && props.mayRename && (
          <IconButton icon="edit" size="small" label={t('files.folder_rename')} onClick={props.onRename} />
        )}
        {props.current && props.mayDelete && (
          <IconButton
            icon="folder_delete"
            size="small"
            label={t('files.folder_delete')}
            onClick={props.onDelete}
          />
        )}
      </div>
    </div>
  );
}
