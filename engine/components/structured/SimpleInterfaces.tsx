import { useContext, useMemo } from 'react';
import { Button, buttonClassName } from '../../../ui/Button';
import { Icon } from '../../../ui/Icon';
import { Select } from '../../../ui/Select';
import { useEngineT } from '../../i18n';
import { renderTemplate } from '../../templates/render-template';
import { FormServicesContext, type InterfaceComponentProps } from '../contract';
import { isRecord, str } from './values';
import './structured.css';

/** Collections (schema-v8 §4.2): one collection of the project, by display name. */
export function CollectionsInterface(props: InterfaceComponentProps) {
  const services = useContext(FormServicesContext);
  const includeSystem = props.includeSystem === true;
  const choices = useMemo(
    () =>
      (services.collections?.() ?? [])
        .filter((entry) => includeSystem || !entry.system)
        .sort((a, b) => Number(a.system) - Number(b.system) || a.name.localeCompare(b.name))
        .map((entry) => ({
          value: entry.collection,
          // System collections carry their table name: several share a display name with user ones.
          label: entry.system ? `${entry.name} (${entry.collection})` : entry.name,
        })),
    [services, includeSystem],
  );
  return (
    <Select
      id={props.id}
      choices={choices}
      value={str(props.value) ?? null}
      onChange={props.onChange}
      disabled={props.disabled}
      placeholder={str(props.placeholder)}
      describedBy={props.describedBy}
    />
  );
}

/** Only web addresses are opened (a template must not become a `javascript:` link). */
export function safeUrl(url: string): string | null {
  try {
    const parsed = new URL(url, globalThis.location?.href ?? 'http://localhost/');
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Preview (schema-v8 §4.2): a link built from `url_template` with the item's values; none for a new item. */
export function PreviewInterface(props: InterfaceComponentProps) {
  const t = useEngineT();
  const url = safeUrl(renderTemplate(str(props.urlTemplate) ?? '', props.values));
  if (props.newItem || !url) {
    return (
      <span id={props.id} className="octavo-preview">
        <Button variant="secondary" icon="open_in_new" disabled aria-describedby={`${props.id}-why`}>
          {t('interfaces.structured.open_preview')}
        </Button>
        <span id={`${props.id}-why`} className="octavo-structured__hint">
          {props.newItem
            ? t('interfaces.structured.preview_after_save')
            : t('interfaces.structured.preview_no_url')}
        </span>
      </span>
    );
  }
  return (
    <span id={props.id} className="octavo-preview">
      <a
        className={`${buttonClassName({ variant: 'secondary' })} octavo-preview__link`}
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        aria-describedby={props.describedBy}
      >
        <Icon name="open_in_new" size="small" />
        {t('interfaces.structured.open_preview')}
      </a>
    </span>
  );
}

/**
 * File preview (directus_files): the current file shown by its kind (image, video, audio, PDF),
 * with links to open and to download it.
 */
export function FilePreviewInterface(props: InterfaceComponentProps) {
  const t = useEngineT();
  const values = props.values;
  const data = isRecord(values.data) ? values.data : {};
  // The server-relative address first: the app is served by the API's own origin (CSP `'self'`),
  // while `full_url` names the configured public address, which may be another host.
  const url = str(data.url) ?? str(data.full_url);
  const type = str(values.type) ?? '';
  const name = str(values.title) ?? str(values.filename_download) ?? t('interfaces.structured.file');
  if (!url || props.newItem) {
    return (
      <p id={props.id} className="octavo-structured__hint">
        {t('interfaces.structured.no_file')}
      </p>
    );
  }
  const download = str(values.filename_download);
  let preview: React.ReactNode;
  if (type.startsWith('image/'))
    preview = <img src={url} alt={name} className="octavo-file-preview__media" />;
  else if (type.startsWith('video/'))
    preview = <video src={url} controls aria-label={name} className="octavo-file-preview__media" />;
  else if (type.startsWith('audio/')) preview = <audio src={url} controls aria-label={name} />;
  else if (type === 'application/pdf')
    preview = <iframe src={url} title={name} className="octavo-file-preview__frame" />;
  else
    preview = (
      <span className="octavo-file-preview__icon">
        <Icon name="description" size="large" />
        <span>{type || name}</span>
      </span>
    );
  return (
    <figure id={props.id} className="octavo-file-preview">
      {preview}
      <figcaption className="octavo-file-preview__links">
        <a
          className={buttonClassName({ variant: 'secondary', size: 'small' })}
          href={url}
          target="_blank"
          rel="noopener noreferrer"
        >
          <Icon name="open_in_new" size="small" />
          {t('interfaces.structured.open_file', { name })}
        </a>
        <a
          className={buttonClassName({ variant: 'secondary', size: 'small' })}
          href={url}
          download={download ?? true}
        >
          <Icon name="download" size="small" />
          {t('interfaces.structured.download_file', { name })}
        </a>
      </figcaption>
    </figure>
  );
}
