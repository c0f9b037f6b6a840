import { useCallback, useMemo, useState, type DragEvent, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Button, ConfirmDialog, Icon } from '../../../ui';
import { deleteFolder, createFolder, folderHasFiles, folderPath, renameFolder } from '../../api/folders';
import { moveFiles } from '../../api/files';
import { useT } from '../../i18n';
import { filesHref, resolveCollection } from '../../paths';
import { useApi, useNotify, usePermissionModel, useProjectKey, useSchema } from '../../state/hooks';
import { useHashSearch } from '../../shell/hash-location';
import { useProjectUploads } from '../../uploads/use-project-uploads';
import { NotFoundPage } from '../errors/NotFoundPage';
import ItemListingPage, { Listing, type ListingScope } from '../listing/ItemListingPage';
import { FolderBar } from './FolderBar';
import { FolderNameDialog, MoveDialog, folderLabel } from './FolderDialogs';
import { UploadModal } from './UploadModal';
import { useFolders } from './use-folders';
import '../../uploads/catalog';
import './files.css';
import { useErrorText } from '../../i18n/errors';

const FILES = 'directus_files';
const FOLDERS = 'directus_folders';

/** The folder the route names (`?folder=3`); null at the library's root. */
export function folderOfSearch(search: string): number | null {
  const value = new URLSearchParams(search).get('folder');
  return value && /^\d+$/.test(value) ? Number(value) : null;
}

type FolderDialog = 'create' | 'rename' | 'delete' | 'move' | null;

/**
 * `/{project}/files`: the file library (spec §2, §5). The listing (cards with thumbnails or the table,
 * search, filters, bookmarks, batch delete) scoped to one folder, the folders inside it, and uploads:
 * the header's button opens the upload modal, and files dropped anywhere on the list go up into the
 * current folder, each through its own upload machine.
 */
export default function FilesLibraryPage() {
  const schema = useSchema();
  // A user collection named `files` keeps its own listing (paths.ts resolveCollection).
  const collection = resolveCollection('files', schema.collections);
  if (collection !== FILES) return <ItemListingPage key={collection} collection={collection} />;
  if (!schema.fields[FILES]) return <NotFoundPage />;
  return <Library />;
}

function Library() {
  const t = useT();
  const errorText = useErrorText();
  const api = useApi();
  const project = useProjectKey();
  const schema = useSchema();
  const notify = useNotify();
  const permissions = usePermissionModel();
  const [, navigate] = useLocation();
  const folder = folderOfSearch(useHashSearch());
  const { folders, reload: reloadFolders } = useFolders();
  const [reloadKey, setReloadKey] = useState(0);
  const refresh = useCallback(() => setReloadKey((k) => k + 1), []);
  const uploads = useProjectUploads({ folder, onUploaded: refresh });
  const [uploading, setUploading] = useState(false);
  const [dragDepth, setDragDepth] = useState(0);
  const [dialog, setDialog] = useState<FolderDialog>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [moving, setMoving] = useState<{ keys: string[]; clear: () => void } | null>(null);

  const rootLabel = t('files.library_root');
  const path = folderPath(folders, folder);
  const current = path[path.length - 1] ?? null;
  const currentName = current?.name ?? rootLabel;
  const children = folders.filter((entry) => entry.parent_folder === folder);
  const mayUpload = permissions.mayCreate(FILES);
  const mayMove = permissions.mayOnSome('update', FILES);

  const closeDialog = () => {
    setDialog(null);
    setProblem(null);
    setBusy(false);
    setMoving(null);
  };
  const failed = (key: string) => (error: unknown) => {
    setBusy(false);
    setProblem(t(key, { message: errorText(error) }));
  };

  const create = (name: string) => {
    setBusy(true);
    createFolder(api, name, folder).then(() => {
      closeDialog();
      reloadFolders();
    }, failed('files.folder_failed'));
  };
  const rename = (name: string) => {
    if (!current) return;
    setBusy(true);
    renameFolder(api, current.id, name).then(() => {
      closeDialog();
      reloadFolders();
    }, failed('files.folder_failed'));
  };
  const remove = async () => {
    if (!current) return;
    setBusy(true);
    try {
      const hasChildren = folders.some((entry) => entry.parent_folder === current.id);
      if (hasChildren || (await folderHasFiles(api, current.id))) {
        setBusy(false);
        setProblem(t('files.folder_not_empty', { folder: current.name }));
        return;
      }
      await deleteFolder(api, current.id);
      closeDialog();
      reloadFolders();
      navigate(filesHref(project, current.parent_folder));
    } catch (error) {
      failed('files.folder_failed')(error);
    }
  };
  const move = (target: number | null) => {
    if (!moving) return;
    setBusy(true);
    const count = moving.keys.length;
    moveFiles(api, moving.keys, target).then(() => {
      moving.clear();
      closeDialog();
      refresh();
      notify({
        title: t('files.moved', {
          count,
          folder: target === null ? rootLabel : folderLabel(folders, target),
        }),
        color: 'success',
      });
    }, failed('files.move_failed'));
  };

  // Files dragged over the list: the drop goes into this folder, and the modal shows the rows.
  const hasFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');
  const dropHandlers = mayUpload
    ? {
        onDragEnter: (event: DragEvent) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          setDragDepth((depth) => depth + 1);
        },
        onDragOver: (event: DragEvent) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        },
        onDragLeave: () => setDragDepth((depth) => Math.max(0, depth - 1)),
        onDrop: (event: DragEvent) => {
          const files = [...event.dataTransfer.files];
          if (!files.length) return;
          event.preventDefault();
          setDragDepth(0);
          uploads.add(files);
          setUploading(true);
        },
      }
    : {};

  const scopeFilter = useMemo(
    () => (folder === null ? { folder: { null: true } } : { folder: { eq: folder } }),
    [folder],
  );
  const uploadButton = mayUpload ? (
    <Button icon="cloud_upload" onClick={() => setUploading(true)}>
      {t('files.upload')}
    </Button>
  ) : undefined;
  const scope: ListingScope = {
    filter: scopeFilter,
    defaultViewType: 'cards',
    title: current ? current.name : t('files.title'),
    breadcrumb: [
      ...(current ? [{ label: t('files.title'), href: filesHref(project) }] : [{ label: t('files.title') }]),
      ...path.map((entry, index) =>
        index === path.length - 1
          ? { label: entry.name }
          : { label: entry.name, href: filesHref(project, entry.id) },
      ),
    ],
    reloadKey,
    actions: uploadButton,
    emptyAction: uploadButton,
    selectionActions: mayMove
      ? (selection, clear) => (
          <Button
            variant="secondary"
            icon="drive_file_move"
            onClick={() => {
              setMoving({ keys: selection, clear });
              setDialog('move');
            }}
          >
            {t('files.move')}
          </Button>
        )
      : undefined,
    above: (
      <FolderBar
        current={current}
        currentName={currentName}
        children={children}
        mayCreate={permissions.mayCreate(FOLDERS)}
        mayRename={permissions.mayOnSome('update', FOLDERS)}
        mayDelete={permissions.mayOnSome('delete', FOLDERS)}
        onCreate={() => setDialog('create')}
        onRename={() => setDialog('rename')}
        onDelete={() => setDialog('delete')}
      />
    ),
    wrap: (body: ReactNode) => (
      <div
        className={`files-drop${dragDepth > 0 ? ' files-drop--over' : ''}`}
        data-testid="files-drop"
        {...dropHandlers}
      >
        {body}
        {dragDepth > 0 && (
          <div className="files-drop__overlay" aria-hidden="true">
            <Icon name="cloud_upload" size="large" />
            <span>{t('files.drop_overlay', { folder: currentName })}</span>
          </div>
        )}
      </div>
    ),
  };

  return (
    <>
      <Listing
        key={folder ?? 'root'}
        collection={FILES}
        meta={schema.collections[FILES]}
        fields={schema.fields[FILES] ?? []}
        scope={scope}
      />
      <UploadModal
        open={uploading}
        onClose={() => setUploading(false)}
        uploads={uploads}
        folder={folder}
        folderName={currentName}
        onImported={refresh}
      />
      <FolderNameDialog
        open={dialog === 'create'}
        title={t('files.folder_new_title', { folder: currentName })}
        confirmLabel={t('files.folder_create')}
        initial=""
        busy={busy}
        problem={problem}
        onSave={create}
        onCancel={closeDialog}
      />
      <FolderNameDialog
        open={dialog === 'rename'}
        title={t('files.folder_rename_title', { folder: currentName })}
        confirmLabel={t('files.folder_save')}
        initial={current?.name ?? ''}
        busy={busy}
        problem={problem}
        onSave={rename}
        onCancel={closeDialog}
      />
      <MoveDialog
        open={dialog === 'move'}
        count={moving?.keys.length ?? 0}
        folders={folders}
        rootLabel={rootLabel}
        busy={busy}
        problem={problem}
        onMove={move}
        onCancel={closeDialog}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        danger
        busy={busy}
        title={t('files.folder_delete_title', { folder: currentName })}
        message={problem ?? t('files.folder_delete_message', { folder: currentName })}
        confirmLabel={t('files.folder_delete')}
        cancelLabel={t('files.cancel')}
        onConfirm={() => void remove()}
        onCancel={closeDialog}
      />
    </>
  );
}
