import { useContext, useMemo } from 'react';
import { Button, buttonClassName } from '../../../ui/Button';
import { Icon } from '../../../ui/Icon';
import { Select } from '../../../ui/Select';
import { useEngineLocale, useEngineT } from '../../i18n';
import { byName } from '../../registry/localize';
import { renderTemplate } from '../../templates/render-template';
import { FormServicesContext, type InterfaceComponentProps } from '../contract';
import { str } from './values';
import './structured.css';
import { FileMedia } from '../../files/FilePreview';
import { fileFacts } from '../../files/preview';

/** Collections (schema-v8 §4.2): one collection of the project, by display name. */
export function CollectionsInterface(props: InterfaceComponentProps) {
  const services = useContext(FormServicesContext);
  const includeSystem = props.includeSystem === true;
  const locale = useEngineLocale();
  const choices = useMemo(
    () =>
      (services.collections?.() ?? [])
        .filter((entry) => includeSystem || !entry.system)
        .sort((a, b) => Number(a.system) - Number(b.system) || byName(locale)(a, b))
        .map((entry) => ({
          value: entry.collection,
          // System collections carry their table name: several share a display name with user ones.
          label: entry.system ? `${entry.name} (${entry.collection})` : entry.name,
        })),
    [services, includeSystem, locale],
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
 * File preview (directus_files): the current file shown by its kind through the shared preview
 * part (engine/files: image, SVG as an image, video, audio, PDF, embed, else its type's icon),
 * with links to open and to download it.
 */
export function FilePreviewInterface(props: InterfaceComponentProps) {
  const t = useEngineT();
  const facts = fileFacts(props.values);
  if (!facts || props.newItem || (!facts.url && !facts.player)) {
    return (
      <p id={props.id} className="octavo-structured__hint">
        {t('interfaces.structured.no_file')}
      </p>
    );
  }
  const name = facts.name || t('interfaces.structured.file');
  const open = facts.url ?? facts.watch;
  return (
    <figure id={props.id} className="octavo-file-preview">
      <FileMedia file={props.values} />
      <figcaption className="octavo-file-preview__links">
        {open && (
          <a
            className={buttonClassName({ variant: 'secondary', size: 'small' })}
            href={open}
            target="_blank"
            rel="noopener noreferrer"
          >
            <Icon name="open_in_new" size="small" />
            {t('interfaces.structured.open_file', { name })}
          </a>
        )}
        {facts.downloadUrl && (
          <a
            className={buttonClassName({ variant: 'secondary', size: 'small' })}
            href={facts.downloadUrl}
            download={str(props.values.filename_download) ?? true}
          >
            <Icon name="download" size="small" />
            {t('interfaces.structured.download_file', { name })}
          </a>
        )}
      </figcaption>
    </figure>
  );
}
