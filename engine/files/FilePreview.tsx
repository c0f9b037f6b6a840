import type { ReactNode } from 'react';
import { Icon } from '../../ui/Icon';
import { useEngineT } from '../i18n';
import { fileFacts, fileIcon, type FileFacts } from './preview';
import './file-preview.css';

/**
 * A file small (lists, cards, the `file` interface): its thumbnail, an SVG or small image as it is
 * (an `<img>`, so an SVG never runs script), a video's still, else an icon of its type. Decorative:
 * its title is written beside it.
 */
export function FileThumb({ file, size, crop }: { file: unknown; size: number; crop?: boolean }) {
  const facts = fileFacts(file, crop !== false);
  const src =
    facts?.thumbnail ?? (facts && (facts.kind === 'svg' || facts.kind === 'image') ? facts.url : null);
  const className = `octavo-file-thumb${crop === false ? ' octavo-file-thumb--contain' : ''}`;
  if (src) {
    return (
      <span className={`${className} octavo-file-thumb--picture`} style={{ width: size, height: size }}>
        <img src={src} alt="" width={size} height={size} loading="lazy" />
        {facts?.kind === 'embed' && (
          <Icon name="play_circle" className="octavo-file-thumb__badge" size={Math.max(14, size * 0.3)} />
        )}
      </span>
    );
  }
  return (
    <span className={`${className} octavo-file-thumb--icon`} style={{ width: size, height: size }}>
      <Icon name={fileIcon(facts?.type)} size={Math.round(size * 0.6)} />
    </span>
  );
}

export interface FileMediaProps {
  file: unknown;
  /** Draws an image (bitmap or SVG) in place of the plain `<img>`: the detail page's zoom. */
  renderImage?: (src: string, alt: string, facts: FileFacts) => ReactNode;
  className?: string;
}

/**
 * A file large, by what it is: an image (an SVG too, as an `<img>`, never inlined), a video or audio
 * player, a PDF in a frame of the app's own origin, an embed in the provider's privacy-friendly
 * player, else its type's icon with the type written out.
 */
export function FileMedia({ file, renderImage, className }: FileMediaProps) {
  const t = useEngineT();
  const facts = fileFacts(file, false);
  const classes = ['octavo-file-media', className].filter(Boolean).join(' ');
  if (!facts) return null;
  const { kind, url, name } = facts;
  let body: ReactNode;
  if ((kind === 'image' || kind === 'svg') && url) {
    body = renderImage ? (
      renderImage(url, name, facts)
    ) : (
      <img className="octavo-file-media__image" src={url} alt={name} />
    );
  } else if (kind === 'video' && url) {
    body = (
      <video
        className="octavo-file-media__video"
        src={url}
        controls
        preload="metadata"
        aria-label={name}
        poster={facts.thumbnail ?? undefined}
      />
    );
  } else if (kind === 'audio' && url) {
    body = (
      <audio className="octavo-file-media__audio" src={url} controls preload="metadata" aria-label={name} />
    );
  } else if (kind === 'pdf' && url) {
    body = (
      <iframe className="octavo-file-media__frame" src={url} title={t('file_preview.pdf_frame', { name })} />
    );
  } else if (kind === 'embed' && facts.player) {
    body = (
      <iframe
        className="octavo-file-media__embed"
        src={facts.player}
        title={t('file_preview.embed_frame', { name })}
        allow="encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
      />
    );
  } else {
    body = (
      <span className="octavo-file-media__none">
        <Icon name={fileIcon(facts.type)} size={64} />
        <span>
          {facts.type
            ? t('file_preview.no_preview', { type: facts.type })
            : t('file_preview.no_preview_unknown')}
        </span>
      </span>
    );
  }
  return (
    <div className={classes} data-kind={kind}>
      {body}
    </div>
  );
}
