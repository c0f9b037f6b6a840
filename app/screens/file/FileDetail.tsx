import './catalog';
import { useRef, useState } from 'react';
import { FileMedia } from '../../../engine/files/FilePreview';
import { fileFacts } from '../../../engine/files/preview';
import { Button, buttonClassName, Icon, Notice, ProgressRing } from '../../../ui';
import type { ApiClient } from '../../api/client';
import { replaceFile } from '../../api/file-detail';
import { useFormat, useLocale, useT } from '../../i18n';
import { UserRef } from '../../people';
import { useNotify } from '../../state/hooks';
import type { Item } from '../../state/schema-info';
import { formatDuration, formatFileSize, metadataEntries } from './format';
import { ImageZoom } from './ImageZoom';
import './file-detail.css';
import { useErrorText } from '../../i18n/errors';

export interface FileDetailProps {
  api: ApiClient;
  /** The saved file object (with its computed `data` block). */
  file: Item | null;
  /** The caller may change the file (the item page's access). */
  mayReplace: boolean;
  /** The form holds unsaved edits: replacing reloads the item, so it waits for a save first. */
  dirty: boolean;
  /** The file was replaced: the item page loads it again. */
  onReplaced: () => void;
}

/**
 * The file detail (spec §4, issue 13): above the item form of a `directus_files` item, the file
 * shown by its type (engine/files, the image with zoom) and beside it what the server knows of it,
 * its download and the replacement of its bytes (same id, `PATCH /files/{id}` multipart).
 */
export default function FileDetail({ api, file: saved, mayReplace, dirty, onReplaced }: FileDetailProps) {
  const t = useT();
  const errorText = useErrorText();
  const format = useFormat();
  const { locale } = useLocale();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The answer of a replace, shown until the reloaded item arrives.
  const [replaced, setReplaced] = useState<Item | null>(null);
  const file = replaced ?? saved;
  const facts = fileFacts(file);
  if (!file || !facts) return null;

  const replace = async (chosen: File | undefined) => {
    if (!chosen || file.id == null) return;
    setProblem(null);
    setPercent(0);
    try {
      const answer = await replaceFile(api, file.id as string | number, chosen, setPercent);
      setReplaced(answer);
      notify({ title: t('file_detail.replaced', { name: chosen.name }), color: 'success' });
      onReplaced();
    } catch (error) {
      setProblem(
        t('file_detail.replace_failed', {
          name: chosen.name,
          reason: errorText(error),
        }),
      );
    } finally {
      setPercent(null);
      if (input.current) input.current.value = '';
    }
  };

  const size = typeof file.filesize === 'number' && facts.kind !== 'embed' ? file.filesize : null;
  const duration = typeof file.duration === 'number' && file.duration > 0 ? file.duration : null;
  const metadata = metadataEntries(file.metadata);
  const provider = facts.type === 'embed/vimeo' ? 'Vimeo' : 'YouTube';

  return (
    <section className="file-detail" aria-label={t('file_detail.region', { name: facts.name })}>
      <div className="file-detail__preview">
        <FileMedia file={file} renderImage={(src, alt) => <ImageZoom key={src} src={src} alt={alt} />} />
      </div>
      <div className="file-detail__facts">
        <dl className="file-detail__list">
          <dt>{t('file_detail.type')}</dt>
          <dd>{facts.kind === 'embed' ? t('file_detail.embed_type', { provider }) : facts.type || '—'}</dd>
          {size !== null && (
            <>
              <dt>{t('file_detail.size')}</dt>
              <dd>{formatFileSize(size, locale, (count) => t('file_detail.bytes', { count }))}</dd>
            </>
          )}
          {facts.width !== null && facts.height !== null && (
            <>
              <dt>{t('file_detail.dimensions')}</dt>
              <dd>{t('file_detail.dimensions_value', { width: facts.width, height: facts.height })}</dd>
            </>
          )}
          {duration !== null && (
            <>
              <dt>{t('file_detail.duration')}</dt>
              <dd>{formatDuration(duration)}</dd>
            </>
          )}
          {file.uploaded_by != null && file.uploaded_by !== '' && (
            <>
              <dt>{t('file_detail.uploaded_by')}</dt>
              <dd>
                <UserRef user={file.uploaded_by as never} />
              </dd>
            </>
          )}
          {typeof file.uploaded_on === 'string' && file.uploaded_on && (
            <>
              <dt>{t('file_detail.uploaded_on')}</dt>
              <dd>{format.date(file.uploaded_on, 'medium')}</dd>
            </>
          )}
          {typeof file.filename_download === 'string' && (
            <>
              <dt>{t('file_detail.file_name')}</dt>
              <dd className="file-detail__break">{file.filename_download}</dd>
            </>
          )}
        </dl>
        {facts.kind === 'embed' && facts.thumbnail && (
          <figure className="file-detail__still">
            <img src={facts.thumbnail} alt={t('file_detail.embed_still', { name: facts.name })} />
          </figure>
        )}
        {metadata.length > 0 && (
          <details className="file-detail__metadata">
            <summary>{t('file_detail.metadata')}</summary>
            <dl className="file-detail__list">
              {metadata.map(([key, value]) => (
                <div key={key} className="file-detail__pair">
                  <dt>{key}</dt>
                  <dd className="file-detail__break">{value}</dd>
                </div>
              ))}
            </dl>
          </details>
        )}
        <div className="file-detail__actions">
          {facts.downloadUrl && (
            <a className={buttonClassName({ variant: 'secondary', size: 'small' })} href={facts.downloadUrl}>
              <Icon name="download" size="small" />
              {t('file_detail.download')}
            </a>
          )}
          {(facts.url ?? facts.watch) && (
            <a
              className={buttonClassName({ variant: 'secondary', size: 'small' })}
              href={(facts.url ?? facts.watch)!}
              target="_blank"
              rel="noopener noreferrer"
            >
              <Icon name="open_in_new" size="small" />
              {facts.kind === 'embed' ? t('file_detail.watch_on', { provider }) : t('file_detail.open')}
            </a>
          )}
          {mayReplace && (
            <>
              <input
                ref={input}
                type="file"
                className="file-detail__input"
                tabIndex={-1}
                aria-hidden="true"
                data-testid="replace-file-input"
                onChange={(event) => void replace(event.target.files?.[0])}
              />
              <Button
                size="small"
                variant="secondary"
                icon="upload_file"
                disabled={dirty || percent !== null}
                onClick={() => input.current?.click()}
              >
                {t('file_detail.replace')}
              </Button>
            </>
          )}
        </div>
        {mayReplace && dirty && <p className="file-detail__hint">{t('file_detail.replace_save_first')}</p>}
        {percent !== null && (
          <div className="file-detail__progress">
            <ProgressRing value={percent} label={t('file_detail.replacing')} showValue size={36} />
            <span>{t('file_detail.replacing')}</span>
          </div>
        )}
        {problem && (
          <Notice color="danger" icon="cloud_off">
            <span role="alert">{problem}</span>
          </Notice>
        )}
      </div>
    </section>
  );
}
