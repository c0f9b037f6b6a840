import { useId, useMemo, useState } from 'react';
import { Tabs } from '../../../ui';
import { fieldLabel } from '../../form/labels';
import { useEngineT } from '../../i18n';
import type { InterfaceComponentProps } from '../contract';
import { CodeEditor } from './CodeEditor';
import { renderMarkdown } from './markdown-render';
import './rich-content.css';

/**
 * The markdown interface: CodeMirror in Markdown mode and a preview (marked, then DOMPurify), as a
 * Write/Preview tab pair when `tabbed`, else side by side. Empty text is null.
 */
export default function MarkdownInterface(props: InterfaceComponentProps) {
  const t = useEngineT();
  const previewId = useId();
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const text = typeof props.value === 'string' ? props.value : '';
  const rows = Number(props.rows) > 0 ? Number(props.rows) : 12;
  const tabbed = props.tabbed !== false;
  // Read-only (or blocked in batch mode), the field shows its text rendered, with nothing to switch.
  const showPreview = props.disabled || !tabbed || tab === 'preview';
  const html = useMemo(() => (showPreview ? renderMarkdown(text) : ''), [showPreview, text]);

  const editor = (
    <CodeEditor
      id={props.id}
      value={text}
      onChange={(next) => props.onChange(next === '' ? null : next)}
      language="text/markdown"
      lineNumbers={false}
      readOnly={props.disabled}
      label={fieldLabel(props.field)}
      describedBy={props.describedBy}
      rows={rows}
      placeholder={typeof props.placeholder === 'string' ? props.placeholder : undefined}
    />
  );
  const preview = (
    <div
      className="octavo-markdown__preview octavo-rich-content"
      id={props.disabled ? props.id : previewId}
      aria-describedby={props.disabled ? props.describedBy : undefined}
      aria-label={t('interfaces.rich.preview')}
      role="region"
      style={{ ['--octavo-code-rows' as string]: String(rows) }}
    >
      {text.trim() === '' ? (
        <p className="octavo-markdown__empty">{t('interfaces.rich.preview_empty')}</p>
      ) : (
        // Sanitized by DOMPurify in renderMarkdown.
        <div dangerouslySetInnerHTML={{ __html: html }} />
      )}
    </div>
  );

  if (props.disabled) return <div className="octavo-markdown">{preview}</div>;
  if (!tabbed) {
    return (
      <div className="octavo-markdown octavo-markdown--split">
        {editor}
        {preview}
      </div>
    );
  }
  return (
    <div className="octavo-markdown">
      <Tabs
        label={t('interfaces.rich.markdown_tabs')}
        selected={tab}
        onChange={(id) => setTab(id as 'write' | 'preview')}
        tabs={[
          { id: 'write', label: t('interfaces.rich.write'), icon: 'edit' },
          { id: 'preview', label: t('interfaces.rich.preview'), icon: 'visibility' },
        ]}
      >
        {/* The editor stays mounted (its undo history, its cursor) while the preview shows. */}
        <div hidden={tab !== 'write'}>{editor}</div>
        {tab === 'preview' && preview}
      </Tabs>
    </div>
  );
}
