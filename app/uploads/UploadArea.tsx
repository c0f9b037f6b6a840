import { useEffect } from 'react';
import { formatBytes } from '../../engine/components/pickers/file-size';
import type { UploadAreaProps } from '../../engine/components/contract';
import { Button, Dropzone } from '../../ui';
import { useLocale, useT } from '../i18n';
import { summarize } from './upload-rows';
import { UploadRows } from './UploadRows';
import { useProjectUploads, type ProjectUploads } from './use-project-uploads';
import './catalog';
import './uploads.css';

/** The drop zone and the rows of a list of uploads (the library's modal draws it over its own list). */
export function UploadPanel({
  uploads,
  multiple = true,
  disabled,
  label,
}: {
  uploads: ProjectUploads;
  multiple?: boolean;
  disabled?: boolean;
  label?: string;
}) {
  const t = useT();
  const { locale } = useLocale();
  const { rows, add, cancel, retry, clear, maxUploadSize, accept } = uploads;
  const counts = summarize(rows);
  const hint = t('files.limits', {
    accept: accept?.length ? accept.join(', ') : 'any',
    max: maxUploadSize ? formatBytes(maxUploadSize, true, locale) : 'none',
  });
  const settled = rows.length - counts.sending;
  return (
    <div className="upload-area">
      <Dropzone
        label={label ?? t('files.drop_here')}
        buttonLabel={multiple ? t('files.choose_files') : t('files.choose_file')}
        hint={hint}
        accept={accept?.join(',')}
        multiple={multiple}
        disabled={disabled}
        onFiles={add}
      />
      <UploadRows
        rows={rows}
        maxUploadSize={maxUploadSize}
        accept={accept}
        onCancel={cancel}
        onRetry={retry}
        onDismiss={(id) => clear([id])}
      />
      {rows.length > 1 && (
        <div className="upload-area__foot">
          <span role="status">
            {[
              counts.done > 0 && t('files.summary_done', { count: counts.done }),
              counts.sending > 0 && t('files.summary_sending', { count: counts.sending }),
              counts.failed + counts.refused > 0 &&
                t('files.summary_problems', { count: counts.failed + counts.refused }),
            ]
              .filter(Boolean)
              .join(t('files.summary_separator'))}
          </span>
          {settled > 0 && (
            <Button variant="secondary" size="small" onClick={() => clear()}>
              {t('files.clear_finished')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The `file` and `files` interfaces' upload part (FormServices.UploadArea): the same machine-driven rows
 * as the library. A finished upload leaves the list, since the field shows the file instead.
 */
export function UploadArea({ accept, multiple = true, disabled, label, onUploaded }: UploadAreaProps) {
  const uploads = useProjectUploads({ accept, onUploaded });
  const { rows, clear } = uploads;
  useEffect(() => {
    const done = rows.filter((row) => row.status === 'done').map((row) => row.id);
    if (done.length) clear(done);
  }, [rows, clear]);
  return <UploadPanel uploads={uploads} multiple={multiple} disabled={disabled} label={label} />;
}
