import { useContext, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import type { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { IconButton } from '../../../ui';
import { fieldLabel } from '../../form/labels';
import { useEngineT } from '../../i18n';
import { FormServicesContext, type InterfaceComponentProps } from '../contract';
import { Subscript, Superscript, TextAlign, Video } from './tiptap-extensions';
import { TOOL_ITEMS, toolbarChoices, type ToolDialog, type ToolItem } from './wysiwyg-toolbar';
import { LinkDialog, MediaDialog, SourceDialog } from './WysiwygDialogs';
import { sanitizeHtml } from './sanitize';
import './rich-content.css';
import './Wysiwyg.css';

/** The editor's HTML, or null when it holds nothing (never an empty paragraph). */
export function editorValue(editor: Editor): string | null {
  return editor.isEmpty ? null : editor.getHTML();
}

/**
 * The wysiwyg interface: a TipTap editor storing clean HTML. The `toolbar` option picks its buttons;
 * links, images and media open small dialogs (images from the file library through the form's item
 * picker, an upload, or a URL); `fullscreen` spreads the editor over the viewport. Read-only when
 * disabled.
 */
export default function Wysiwyg(props: InterfaceComponentProps) {
  const t = useEngineT();
  const services = useContext(FormServicesContext);
  const [dialog, setDialog] = useState<ToolDialog | null>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  // The HTML we last reported, to tell our own echo from a value set from outside.
  const reported = useRef<string | null>(typeof props.value === 'string' ? props.value : null);
  const label = fieldLabel(props.field);

  const attributes = useMemo(() => {
    const attrs: Record<string, string> = {
      id: props.id,
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-label': label,
      class: 'octavo-wysiwyg__content octavo-rich-content',
    };
    if (props.describedBy) attrs['aria-describedby'] = props.describedBy;
    if (props.disabled) attrs['aria-readonly'] = 'true';
    if (props.required) attrs['aria-required'] = 'true';
    return attrs;
  }, [props.id, label, props.describedBy, props.disabled, props.required]);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3, 4, 5, 6] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          HTMLAttributes: { target: null, rel: null },
        },
        trailingNode: false,
      }),
      Image.configure({ inline: false }),
      Table.configure({ resizable: false }),
      TableRow,
      TableHeader,
      TableCell,
      Subscript,
      Superscript,
      TextAlign,
      Video,
    ],
    content: typeof props.value === 'string' ? props.value : '',
    editable: !props.disabled,
    editorProps: { attributes },
    onUpdate: ({ editor: current }) => {
      const html = editorValue(current);
      reported.current = html;
      onChange.current(html);
    },
  });

  // Follow a value set from outside (undo of the field, a reset after saving).
  useEffect(() => {
    const value = typeof props.value === 'string' && props.value !== '' ? props.value : null;
    if (!editor || value === reported.current) return;
    reported.current = value;
    if (value !== editorValue(editor)) editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, props.value]);

  useEffect(() => {
    if (!editor) return;
    editor.setEditable(!props.disabled, false);
    editor.setOptions({ editorProps: { attributes } });
  }, [editor, props.disabled, attributes]);

  // A closing dialog hands focus back to where it was opened from (a toolbar button); the writer
  // goes on typing, so the editor takes it. Only once the event that closed the dialog is over:
  // the Enter that submitted a dialog must not reach the editor (it would replace the selection).
  const hadDialog = useRef(false);
  useEffect(() => {
    if (dialog) {
      hadDialog.current = true;
      return;
    }
    if (!hadDialog.current || !editor) return;
    hadDialog.current = false;
    const timer = setTimeout(() => {
      if (!document.querySelector('[aria-modal="true"]')) editor.commands.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [dialog, editor]);

  useEffect(() => {
    if (!fullscreen) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && !dialog) setFullscreen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [fullscreen, dialog]);

  const choices = useMemo(() => new Set(toolbarChoices(props.toolbar)), [props.toolbar]);
  const items = useMemo(() => TOOL_ITEMS.filter((item) => choices.has(item.choice)), [choices]);

  return (
    <div
      className={`octavo-wysiwyg${fullscreen ? ' octavo-wysiwyg--fullscreen' : ''}${props.disabled ? ' octavo-wysiwyg--readonly' : ''}`}
    >
      {editor && !props.disabled && (items.length > 0 || choices.has('fullscreen')) && (
        <Toolbar
          editor={editor}
          items={items}
          label={t('interfaces.rich.toolbar', { field: label })}
          fullscreen={choices.has('fullscreen') ? fullscreen : null}
          onFullscreen={() => {
            setFullscreen((on) => !on);
            editor.commands.focus();
          }}
          onDialog={setDialog}
        />
      )}
      <EditorContent editor={editor} className="octavo-wysiwyg__body" />
      {editor && dialog === 'link' && <LinkDialog editor={editor} onClose={() => setDialog(null)} />}
      {editor && (dialog === 'image' || dialog === 'media') && (
        <MediaDialog
          kind={dialog}
          editor={editor}
          fieldName={props.field.field}
          services={services}
          onClose={() => setDialog(null)}
        />
      )}
      {editor && dialog === 'source' && (
        <SourceDialog editor={editor} sanitize={sanitizeHtml} onClose={() => setDialog(null)} />
      )}
    </div>
  );
}

interface ToolbarProps {
  editor: Editor;
  items: ToolItem[];
  label: string;
  /** null: no fullscreen button. */
  fullscreen: boolean | null;
  onFullscreen: () => void;
  onDialog: (dialog: ToolDialog) => void;
}

/** role="toolbar" with one tab stop: arrow keys, Home and End move between the buttons. */
function Toolbar({ editor, items, label, fullscreen, onFullscreen, onDialog }: ToolbarProps) {
  const t = useEngineT();
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      Object.fromEntries(
        items.map((item) => [
          item.id,
          {
            visible: item.visible ? item.visible(current) : true,
            active: item.active ? item.active(current) : null,
            can: item.can ? item.can(current) : true,
          },
        ]),
      ),
  });
  const shown = items.filter((item) => state?.[item.id]?.visible !== false);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const [focus, setFocus] = useState(0);
  const count = shown.length + (fullscreen === null ? 0 : 1);
  const current = Math.min(focus, count - 1);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const moves: Record<string, number> = {
      ArrowRight: rtl ? current - 1 : current + 1,
      ArrowLeft: rtl ? current + 1 : current - 1,
      Home: 0,
      End: count - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = (moves[event.key] + count) % count;
    setFocus(next);
    buttons.current[next]?.focus();
  };

  let previousGroup = shown[0]?.group;
  return (
    <div className="octavo-wysiwyg__toolbar" role="toolbar" aria-label={label} onKeyDown={onKeyDown}>
      {shown.map((item, index) => {
        const itemState = state?.[item.id];
        const separator = item.group !== previousGroup;
        previousGroup = item.group;
        const unusable = itemState?.can === false;
        return (
          <span key={item.id} className="octavo-wysiwyg__tool">
            {separator && <span className="octavo-wysiwyg__separator" aria-hidden="true" />}
            <IconButton
              ref={(el) => {
                buttons.current[index] = el;
              }}
              icon={item.icon}
              label={t(`interfaces.rich.${item.label}`)}
              size="small"
              tabIndex={index === current ? 0 : -1}
              aria-pressed={itemState?.active ?? undefined}
              aria-disabled={unusable || undefined}
              aria-haspopup={item.dialog ? 'dialog' : undefined}
              className={itemState?.active ? 'octavo-wysiwyg__button--on' : undefined}
              data-tool={item.id}
              onFocus={() => setFocus(index)}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                if (unusable) return;
                if (item.dialog) onDialog(item.dialog);
                else item.run?.(editor);
              }}
            />
          </span>
        );
      })}
      {fullscreen !== null && (
        <span className="octavo-wysiwyg__tool octavo-wysiwyg__tool--end">
          <IconButton
            ref={(el) => {
              buttons.current[shown.length] = el;
            }}
            icon={fullscreen ? 'fullscreen_exit' : 'fullscreen'}
            label={t('interfaces.rich.fullscreen')}
            size="small"
            tabIndex={current === shown.length ? 0 : -1}
            aria-pressed={fullscreen}
            className={fullscreen ? 'octavo-wysiwyg__button--on' : undefined}
            data-tool="fullscreen"
            onFocus={() => setFocus(shown.length)}
            onMouseDown={(event) => event.preventDefault()}
            onClick={onFullscreen}
          />
        </span>
      )}
    </div>
  );
}
