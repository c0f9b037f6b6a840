import { formatBytes } from '../../engine/components/pickers/file-size';
import { Icon, IconButton, ProgressBar } from '../../ui';
import { useLocale, useT } from '../i18n';
import type { UploadRow } from './upload-rows';
import './catalog';
import './uploads.css';

const ICONS: Record<UploadRow['status'], string> = {
  sending: 'upload',
  done: 'check_circle',
  failed: 'cloud_off',
  refused: 'warning',
  cancelled: 'block',
};

export interface UploadRowsProps {
  rows: UploadRow[];
  maxUploadSize: number | null;
  /** The accept list as shown in a refusal. */
  accept: string[] | null;
  onCancel: (id: string) => void;
  onRetry: (id: string) => void;
  onDismiss: (id: string) => void;
}

/**
 * One row per upload: the file's name and size, its progress (the machine's 0..95, then 100), and what
 * went wrong: a refusal naming the file and the limit, or the server's message with a cloud-off icon.
 */
export function UploadRows({ rows, maxUploadSize, accept, onCancel, onRetry, onDismiss }: UploadRowsProps) {
  const t = useT();
  const { locale } = useLocale();
  if (!rows.length) return null;
  const size = (bytes: number) => formatBytes(bytes, true, locale);
  const message = (row: UploadRow): string | null => {
    if (row.status === 'refused') {
      return row.refusal === 'size'
        ? t('files.row.too_large', { name: row.name, max: size(maxUploadSize ?? 0) })
        : t('files.row.wrong_type', { name: row.name, accept: (accept ?? []).join(', ') });
    }
    if (row.status === 'failed') {
      return row.error ? t('files.row.failed', { message: row.error }) : t('files.row.failed_unknown');
    }
    if (row.status === 'cancelled') return t('files.row.cancelled');
    return null;
  };
  return (
    <ul className="upload-rows" aria-label={t('files.rows_label')}>
      {rows.map((row) => {
        const text = message(row);
        const problem = row.status === 'refused' || row.status === 'failed';
        return (
          <li
            key={row.id}
            className={`upload-row upload-row--${row.status}`}
            data-status={row.status}
            data-progress={row.progress}
            data-name={row.name}
          >
            <Icon name={ICONS[row.status]} className="upload-row__icon" />
            <div className="upload-row__main">
              <div className="upload-row__line">
                <span className="upload-row__name">{row.name}</span>
                <span className="upload-row__size">{size(row.size)}</span>
                {(row.status === 'sending' || row.status === 'done') && (
                  <span className="upload-row__percent">
                    {row.status === 'done'
                      ? t('files.row.done')
                      : t('files.row.percent', { percent: row.progress })}
                  </span>
                )}
              </div>
              {(row.status === 'sending' || row.status === 'done') && (
                <ProgressBar
                  value={row.progress}
                  label={t('files.row.progress', { name: row.name })}
                  color={row.status === 'done' ? 'success' : 'accent'}
                />
              )}
              {text && (
                <p className="upload-row__message" role={problem ? 'alert' : undefined}>
                  {text}
                </p>
              )}
            </div>
            <div className="upload-row__actions">
              {row.status === 'failed' && (
                <IconButton
                  icon="refresh"
                  size="small"
                  label={t('files.row.retry', { name: row.name })}
                  onClick={() => onRetry(row.id)}
                />
              )}
              {(row.status === 'sending' || row.status === 'failed') && (
                <IconButton
                  icon="close"
                  size="small"
                  label={t('files.row.cancel', { name: row.name })}
                  onClick={() => onCancel(row.id)}
                />
              )}
              {row.status !== 'sending' && row.status !== 'failed' && (
                <IconButton
                  icon="close"
                  size="small"
                  label={t('files.row.dismiss', { name: row.name })}
                  onClick={() => onDismiss(row.id)}
                />
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
