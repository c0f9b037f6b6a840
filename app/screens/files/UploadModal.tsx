import { useId, useState, type FormEvent } from 'react';
import { Button, Modal, Notice, TextInput } from '../../../ui';
import { importFileFromUrl } from '../../api/files';
import { useT } from '../../i18n';
import { useApi } from '../../state/hooks';
import { UploadPanel } from '../../uploads/UploadArea';
import type { ProjectUploads } from '../../uploads/use-project-uploads';
import './files.css';
import { useErrorText } from '../../i18n/errors';

/** Whether the text is a web address the server may be asked to import. */
export function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The library's upload modal: the drop zone and one row per file (the page's list of uploads, so files
 * dropped on the page show here too), and "add from a URL", which the server imports (api-v8 §2.8).
 */
export function UploadModal(props: {
  open: boolean;
  onClose: () => void;
  uploads: ProjectUploads;
  /** The folder the files go into, by name. */
  folderName: string;
  folder: number | null;
  onImported: (file: Record<string, unknown>) => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const api = useApi();
  const urlId = useId();
  const hintId = useId();
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isWebAddress(url)) {
      setOutcome({ ok: false, text: t('files.url_invalid') });
      return;
    }
    setBusy(true);
    setOutcome(null);
    importFileFromUrl(api, url.trim(), props.folder).then(
      (file) => {
        setBusy(false);
        setUrl('');
        const name = String(file.title ?? file.filename_download ?? '');
        setOutcome({ ok: true, text: t('files.url_added', { name }) });
        props.onImported(file);
      },
      (error: unknown) => {
        setBusy(false);
        const message = errorText(error);
        setOutcome({ ok: false, text: t('files.url_failed', { message }) });
      },
    );
  };

  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title={t('files.upload_title')}
      closeLabel={t('files.close')}
      size="large"
      actions={<Button onClick={props.onClose}>{t('files.done')}</Button>}
    >
      <div className="upload-modal">
        <p className="upload-modal__into">{t('files.upload_into', { folder: props.folderName })}</p>
        <UploadPanel uploads={props.uploads} />
        <form className="upload-modal__url" onSubmit={submit}>
          <label htmlFor={urlId} className="upload-modal__url-label">
            {t('files.url_label')}
          </label>
          <div className="upload-modal__url-row">
            <TextInput
              id={urlId}
              type="url"
              value={url}
              onChange={setUrl}
              placeholder="https://"
              describedBy={hintId}
              iconLeft="link"
            />
            <Button type="submit" variant="secondary" loading={busy} disabled={!url.trim()}>
              {t('files.url_add')}
            </Button>
          </div>
          <p id={hintId} className="upload-modal__hint">
            {t('files.url_hint')}
          </p>
          {outcome && (
            <Notice color={outcome.ok ? 'success' : 'danger'} live={outcome.ok ? 'status' : 'alert'}>
              {outcome.text}
            </Notice>
          )}
        </form>
      </div>
    </Modal>
  );
}
