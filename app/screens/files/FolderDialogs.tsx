import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button, Modal, Notice, Select, TextInput } from '../../../ui';
import { folderPath, type Folder } from '../../api/folders';
import { useT } from '../../i18n';

/** Asks for a folder's name (new folder, rename). */
export function FolderNameDialog(props: {
  open: boolean;
  title: string;
  confirmLabel: string;
  initial: string;
  busy: boolean;
  problem: string | null;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const id = useId();
  const [name, setName] = useState(props.initial);
  useEffect(() => {
    if (props.open) setName(props.initial);
  }, [props.open, props.initial]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) props.onSave(name.trim());
  };
  return (
    <Modal
      open={props.open}
      onClose={props.onCancel}
      title={props.title}
      closeLabel={t('files.close')}
      size="small"
    >
      <form className="folder-dialog" onSubmit={submit}>
        <label htmlFor={id}>{t('files.folder_name')}</label>
        <TextInput id={id} value={name} onChange={setName} autoFocus required />
        {props.problem && (
          <Notice color="danger" live="alert">
            {props.problem}
          </Notice>
        )}
        <div className="folder-dialog__actions">
          <Button variant="secondary" onClick={props.onCancel}>
            {t('files.cancel')}
          </Button>
          <Button type="submit" loading={props.busy} disabled={!name.trim()}>
            {props.confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** A folder's whole path as one label: `Photos / 2026`. */
export function folderLabel(folders: Folder[], id: number): string {
  return folderPath(folders, id)
    .map((folder) => folder.name)
    .join(' / ');
}

/** Chooses the folder selected files move to (the library's root included). */
export function MoveDialog(props: {
  open: boolean;
  count: number;
  folders: Folder[];
  rootLabel: string;
  busy: boolean;
  problem: string | null;
  onMove: (folder: number | null) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const id = useId();
  const [target, setTarget] = useState<string>('root');
  const choices = [
    { value: 'root', label: props.rootLabel },
    ...props.folders
      .map((folder) => ({ value: String(folder.id), label: folderLabel(props.folders, folder.id) }))
      .sort((a, b) => a.label.localeCompare(b.label)),
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onMove(target === 'root' ? null : Number(target));
  };
  return (
    <Modal
      open={props.open}
      onClose={props.onCancel}
      title={t('files.move_title', { count: props.count })}
      closeLabel={t('files.close')}
      size="small"
    >
      <form className="folder-dialog" onSubmit={submit}>
        <label htmlFor={id}>{t('files.folder_nav')}</label>
        <Select id={id} choices={choices} value={target} onChange={(value) => setTarget(value ?? 'root')} />
        {props.problem && (
          <Notice color="danger" live="alert">
            {props.problem}
          </Notice>
        )}
        <div className="folder-dialog__actions">
          <Button variant="secondary" onClick={props.onCancel}>
            {t('files.cancel')}
          </Button>
          <Button type="submit" loading={props.busy}>
            {t('files.move_confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
