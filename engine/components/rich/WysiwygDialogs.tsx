import { useId, useRef, useState, type FormEvent } from 'react';
import type { Editor } from '@tiptap/core';
import { Button, Modal, Textarea, TextInput } from '../../../ui';
import { useEngineT } from '../../i18n';
import type { FormServices } from '../contract';

/**
 * A link target we accept: http(s), mailto and tel URLs, and site-relative paths and anchors. A bare
 * host ("example.com/page") gets https://. Anything else (javascript:, data:) is refused.
 */
export function normalizeUrl(input: string): string | null {
  const url = input.trim();
  if (url === '') return null;
  if (/^(https?:\/\/|mailto:|tel:)/i.test(url)) return /\s/.test(url) ? null : url;
  if (/^[/#?]/.test(url) && !url.startsWith('//')) return url;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return null;
  if (/^[\w-]+(\.[\w-]+)+([/?#:]\S*)?$/.test(url)) return `https://${url}`;
  return null;
}

/** A media source we insert: http(s), site-relative, or an image data URL (pasted screenshots). */
export function normalizeMediaUrl(input: string): string | null {
  const url = input.trim();
  if (/^data:image\/(png|jpe?g|gif|webp);base64,/i.test(url)) return url;
  const normal = normalizeUrl(url);
  return normal && !/^(mailto|tel):/i.test(normal) && !normal.startsWith('#') ? normal : null;
}

interface DialogProps {
  editor: Editor;
  onClose: () => void;
}

export function LinkDialog({ editor, onClose }: DialogProps) {
  const t = useEngineT();
  const ids = { url: useId(), text: useId(), problem: useId() };
  const existing = (editor.getAttributes('link').href as string | undefined) ?? '';
  const needsText = editor.state.selection.empty && !existing;
  const [url, setUrl] = useState(existing);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  const [range] = useState(() => ({ from: editor.state.selection.from, to: editor.state.selection.to }));

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const href = normalizeUrl(url);
    if (!href) {
      setProblem(true);
      return;
    }
    if (needsText) {
      editor
        .chain()
        .focus()
        .setTextSelection(range)
        .insertContent({
          type: 'text',
          text: text.trim() || href,
          marks: [{ type: 'link', attrs: { href } }],
        })
        .run();
    } else {
      editor
        .chain()
        .focus()
        .setTextSelection(range)
        .extendMarkRange('link')
        .setLink({ href })
        .setTextSelection(range.to)
        .run();
    }
    onClose();
  };
  const remove = () => {
    editor.chain().focus().setTextSelection(range).extendMarkRange('link').unsetLink().run();
    onClose();
  };

  return (
    <Modal
      open
      size="small"
      title={existing ? t('interfaces.rich.link_edit') : t('interfaces.rich.link_insert')}
      closeLabel={t('interfaces.rich.close')}
      onClose={onClose}
      initialFocus={first}
      actions={
        <>
          {existing && (
            <Button variant="text" icon="link_off" onClick={remove}>
              {t('interfaces.rich.unlink')}
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            {t('interfaces.rich.cancel')}
          </Button>
          <Button onClick={() => submit()}>{t('interfaces.rich.apply')}</Button>
        </>
      }
    >
      <form className="octavo-wysiwyg-dialog" onSubmit={submit}>
        <label htmlFor={ids.url}>{t('interfaces.rich.link_url')}</label>
        <TextInput
          id={ids.url}
          ref={first}
          type="url"
          value={url}
          onChange={(value) => {
            setUrl(value);
            setProblem(false);
          }}
          placeholder="https://"
          invalid={problem}
          describedBy={problem ? ids.problem : undefined}
        />
        {problem && (
          <p id={ids.problem} className="octavo-wysiwyg-dialog__problem" role="alert">
            {t('interfaces.rich.link_invalid')}
          </p>
        )}
        {needsText && (
          <>
            <label htmlFor={ids.text}>{t('interfaces.rich.link_text')}</label>
            <TextInput id={ids.text} value={text} onChange={setText} />
          </>
        )}
        {/* Enter in a field submits. */}
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}

interface MediaDialogProps extends DialogProps {
  kind: 'image' | 'media';
  /** The field being edited; the library picker is asked for `<field>__image`. */
  fieldName: string;
  services: FormServices;
}

/**
 * The URL of a directus_files item to put into the HTML: its `data.full_url` when that is on the
 * page's own origin, else its site-relative `data.url` (a `full_url` on another host, such as a
 * configured public URL, is refused by the app's `img-src 'self'` policy while editing).
 */
export function fileUrl(item: Record<string, unknown>, origin = globalThis.location?.origin): string | null {
  const data = item.data as Record<string, unknown> | null | undefined;
  const full = typeof data?.full_url === 'string' && data.full_url !== '' ? data.full_url : null;
  const relative = typeof data?.url === 'string' && data.url !== '' ? data.url : null;
  if (full && origin) {
    try {
      if (new URL(full).origin === origin) return full;
    } catch {
      // not an absolute URL: fall through
    }
  }
  return relative ?? full;
}

export function MediaDialog({ kind, editor, fieldName, services, onClose }: MediaDialogProps) {
  const t = useEngineT();
  const ids = { url: useId(), alt: useId(), problem: useId(), upload: useId() };
  const [url, setUrl] = useState('');
  const [alt, setAlt] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const first = useRef<HTMLInputElement>(null);
  const accept = kind === 'image' ? 'image/*' : 'video/*';

  // Where the writer was when the dialog opened: focus travels through other dialogs (the file
  // picker) before the insert, and the editor must not guess the place again.
  const [range] = useState(() => ({ from: editor.state.selection.from, to: editor.state.selection.to }));
  const insert = (src: string, text: string) => {
    const at = editor.chain().focus().setTextSelection(range);
    if (kind === 'image') at.setImage({ src, alt: text || undefined }).run();
    else at.setVideo({ src }).run();
  };
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const src = normalizeMediaUrl(url);
    if (!src) {
      setProblem(t('interfaces.rich.media_url_invalid'));
      return;
    }
    insert(src, alt.trim());
    onClose();
  };
  const fromLibrary = async () => {
    // The app's picker is a dialog of its own: this one closes first.
    onClose();
    const picked = await services.pickItem?.(
      { field: `${fieldName}__image`, type: 'file', interface: 'file' },
      null,
    );
    if (!picked) {
      editor.commands.focus();
      return;
    }
    const src = fileUrl(picked.item);
    if (src) insert(src, String(picked.item.title ?? ''));
  };
  const upload = async (file: File | undefined) => {
    if (!file || !services.uploadFile) return;
    setProblem(null);
    setProgress(0);
    try {
      const item = await services.uploadFile(file, setProgress);
      const src = fileUrl(item);
      if (!src) throw new Error('no url');
      insert(src, alt.trim() || String(item.title ?? ''));
      onClose();
    } catch {
      setProblem(t('interfaces.rich.upload_failed'));
      setProgress(null);
    }
  };

  return (
    <Modal
      open
      size="small"
      title={kind === 'image' ? t('interfaces.rich.image_insert') : t('interfaces.rich.media_insert')}
      closeLabel={t('interfaces.rich.close')}
      onClose={onClose}
      initialFocus={first}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('interfaces.rich.cancel')}
          </Button>
          <Button onClick={() => submit()}>{t('interfaces.rich.insert')}</Button>
        </>
      }
    >
      <form className="octavo-wysiwyg-dialog" onSubmit={submit}>
        {(services.pickItem || services.uploadFile) && (
          <div className="octavo-wysiwyg-dialog__sources">
            {services.pickItem && (
              <Button variant="secondary" icon="perm_media" onClick={() => void fromLibrary()}>
                {t('interfaces.rich.from_library')}
              </Button>
            )}
            {services.uploadFile && (
              <label className="octavo-wysiwyg-dialog__upload">
                <input
                  id={ids.upload}
                  type="file"
                  accept={accept}
                  className="octavo-wysiwyg-dialog__file"
                  onChange={(event) => void upload(event.target.files?.[0])}
                />
                <span className="octavo-button octavo-button--secondary octavo-button--medium">
                  {progress === null
                    ? t('interfaces.rich.upload')
                    : t('interfaces.rich.uploading', { percent: Math.round(progress) })}
                </span>
              </label>
            )}
          </div>
        )}
        <label htmlFor={ids.url}>{t('interfaces.rich.media_url')}</label>
        <TextInput
          id={ids.url}
          ref={first}
          type="url"
          value={url}
          onChange={(value) => {
            setUrl(value);
            setProblem(null);
          }}
          placeholder="https://"
          invalid={!!problem}
          describedBy={problem ? ids.problem : undefined}
        />
        {kind === 'image' && (
          <>
            <label htmlFor={ids.alt}>{t('interfaces.rich.image_alt')}</label>
            <TextInput id={ids.alt} value={alt} onChange={setAlt} />
          </>
        )}
        {problem && (
          <p id={ids.problem} className="octavo-wysiwyg-dialog__problem" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}

interface SourceDialogProps extends DialogProps {
  sanitize: (html: string) => string;
}

/** The `code` choice: the HTML source, editable; what comes back is sanitized and parsed by the editor. */
export function SourceDialog({ editor, sanitize, onClose }: SourceDialogProps) {
  const t = useEngineT();
  const id = useId();
  const [html, setHtml] = useState(() => (editor.isEmpty ? '' : editor.getHTML()));
  const apply = () => {
    editor.chain().focus().setContent(sanitize(html), { emitUpdate: true }).run();
    onClose();
  };
  return (
    <Modal
      open
      size="large"
      title={t('interfaces.rich.source')}
      closeLabel={t('interfaces.rich.close')}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('interfaces.rich.cancel')}
          </Button>
          <Button onClick={apply}>{t('interfaces.rich.apply')}</Button>
        </>
      }
    >
      <div className="octavo-wysiwyg-dialog">
        <label htmlFor={id}>{t('interfaces.rich.source_label')}</label>
        <Textarea id={id} value={html} onChange={setHtml} rows={16} monospace />
      </div>
    </Modal>
  );
}
