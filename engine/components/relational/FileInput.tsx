import { useContext, useState } from 'react';
import { Button, ConfirmDialog } from '../../../ui';
import { useEngineT } from '../../i18n';
import { FormServicesContext, type InterfaceComponentProps } from '../contract';
import { isRow, keyOf } from './entries';
import { FileThumb, fileTitle } from './displays';
import { useRelation } from './shared';
import './relational.css';

/** Whether a file matches an `accept` list such as `image/*,.pdf` (empty: anything). */
export function accepts(accept: unknown, file: { name: string; type: string }): boolean {
  if (typeof accept !== 'string' || !accept.trim()) return true;
  return accept
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
    .some((entry) => {
      if (entry.startsWith('.')) return file.name.toLowerCase().endsWith(entry);
      if (entry.endsWith('/*')) return file.type.toLowerCase().startsWith(entry.slice(0, -1));
      return file.type.toLowerCase() === entry;
    });
}

/**
 * file: one file of the library. A preview (thumbnail per `crop`, title, link), upload (the app's upload
 * part, FormServices.UploadArea: progress, refusals by size and `accept`), choose from the library, remove the link; with `allowDelete`, delete the
 * file item itself.
 */
export default function FileInput(props: InterfaceComponentProps) {
  const t = useEngineT();
  const services = useContext(FormServicesContext);
  const relation = useRelation(props.field);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const file = props.value;
  const hasFile = file !== null && file !== undefined && file !== '';
  const writable = !props.disabled;
  const Upload = services.UploadArea;
  const canUpload = writable && Boolean(Upload) && (relation ? relation.may.create : true);
  const canChoose = writable && Boolean(services.pickFrom);
  const canDelete =
    writable && props.allowDelete === true && Boolean(services.deleteFile) && relation?.may.delete === true;
  const url = isRow(file) && isRow(file.data) ? (file.data.url as string | undefined) : undefined;

  const choose = () =>
    services
      .pickFrom?.('directus_files', { template: '{{title}}' })
      .then((choice) => choice && props.onChange(choice.item));
  const deleteFile = () => {
    const key = keyOf(file, 'id');
    if (key === null || !services.deleteFile) return;
    setDeleting(true);
    services.deleteFile(isRow(file) ? file.id : file).then(
      () => {
        setDeleting(false);
        setConfirming(false);
        props.onChange(null);
      },
      () => {
        setDeleting(false);
        setConfirming(false);
        setProblem(t('interfaces.relational.delete_failed'));
      },
    );
  };

  return (
    <div className="octavo-file-input" id={props.id} aria-describedby={props.describedBy}>
      {hasFile && (
        <div className="octavo-file-input__preview">
          <FileThumb file={file} size={96} crop={props.crop !== false} />
          <div className="octavo-file-input__meta">
            <span className="octavo-file-input__title">{fileTitle(file)}</span>
            {isRow(file) && typeof file.type === 'string' && (
              <span className="octavo-file-input__type">{file.type}</span>
            )}
            {url && (
              <a href={url} target="_blank" rel="noreferrer">
                {t('interfaces.relational.open_file')}
              </a>
            )}
          </div>
        </div>
      )}
      {problem && (
        <p role="alert" className="octavo-related__problem">
          {problem}
        </p>
      )}
      {!hasFile && canUpload && Upload && (
        <Upload
          label={t('interfaces.relational.drop_file')}
          accept={typeof props.accept === 'string' && props.accept ? props.accept : null}
          multiple={false}
          onUploaded={(item) => props.onChange(item)}
        />
      )}
      {writable && (
        <div className="octavo-related__actions">
          {canChoose && (
            <Button variant="secondary" size="small" icon="photo_library" onClick={choose}>
              {t('interfaces.relational.choose_from_library')}
            </Button>
          )}
          {hasFile && (
            <Button variant="secondary" size="small" icon="link_off" onClick={() => props.onChange(null)}>
              {t('interfaces.relational.remove_file')}
            </Button>
          )}
          {hasFile && canDelete && (
            <Button variant="danger" size="small" icon="delete" onClick={() => setConfirming(true)}>
              {t('interfaces.relational.delete_file')}
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        danger
        busy={deleting}
        title={t('interfaces.relational.delete_file_title')}
        message={t('interfaces.relational.delete_file_message', { name: fileTitle(file) })}
        confirmLabel={t('interfaces.relational.delete_file')}
        cancelLabel={t('interfaces.relational.cancel')}
        onConfirm={deleteFile}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
