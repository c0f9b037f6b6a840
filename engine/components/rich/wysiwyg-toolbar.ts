import type { Editor } from '@tiptap/core';

/** What a toolbar button may open instead of running a command. */
export type ToolDialog = 'link' | 'image' | 'media' | 'source';

export interface ToolItem {
  /** The `toolbar` option's choice this button belongs to. */
  choice: string;
  /** Unique per button (the table choice draws several). */
  id: string;
  icon: string;
  /** Message id of its label (interfaces.rich.<label>). */
  label: string;
  group: number;
  run?: (editor: Editor) => void;
  dialog?: ToolDialog;
  /** A pressed state (aria-pressed): marks, block types, alignments. */
  active?: (editor: Editor) => boolean;
  /** False: shown but not usable now (undo with no history). */
  can?: (editor: Editor) => boolean;
  /** Shown only when this holds (the table row and column buttons, inside a table). */
  visible?: (editor: Editor) => boolean;
}

const chain = (editor: Editor) => editor.chain().focus();
type Level = 1 | 2 | 3 | 4 | 5 | 6;
const heading = (level: Level): ToolItem => ({
  choice: `h${level}`,
  id: `h${level}`,
  icon: `format_h${level}`,
  label: `heading_${level}`,
  group: 3,
  run: (e) => chain(e).toggleHeading({ level }).run(),
  active: (e) => e.isActive('heading', { level }),
});
const align = (choice: string, value: 'left' | 'center' | 'right' | 'justify', icon: string): ToolItem => ({
  choice,
  id: choice,
  icon,
  label: choice,
  group: 5,
  run: (e) => chain(e).setTextAlign(value).run(),
  active: (e) => e.isActive({ textAlign: value }),
});
const inTable = (e: Editor) => e.isActive('table');

/**
 * Every toolbar button, in the order they are drawn, by the `toolbar` choice that enables it. The
 * choices of Directus 8 (a TinyMCE list) that a TipTap editor cannot honour without more packages
 * are not offered: forecolor, backcolor, fontselect, fontsizeselect, copy, cut, paste, visualaid,
 * remove and "ltr rtl".
 */
export const TOOL_ITEMS: ToolItem[] = [
  {
    choice: 'undo',
    id: 'undo',
    icon: 'undo',
    label: 'undo',
    group: 1,
    run: (e) => chain(e).undo().run(),
    can: (e) => e.can().undo(),
  },
  {
    choice: 'redo',
    id: 'redo',
    icon: 'redo',
    label: 'redo',
    group: 1,
    run: (e) => chain(e).redo().run(),
    can: (e) => e.can().redo(),
  },
  {
    choice: 'bold',
    id: 'bold',
    icon: 'format_bold',
    label: 'bold',
    group: 2,
    run: (e) => chain(e).toggleBold().run(),
    active: (e) => e.isActive('bold'),
  },
  {
    choice: 'italic',
    id: 'italic',
    icon: 'format_italic',
    label: 'italic',
    group: 2,
    run: (e) => chain(e).toggleItalic().run(),
    active: (e) => e.isActive('italic'),
  },
  {
    choice: 'underline',
    id: 'underline',
    icon: 'format_underlined',
    label: 'underline',
    group: 2,
    run: (e) => chain(e).toggleUnderline().run(),
    active: (e) => e.isActive('underline'),
  },
  {
    choice: 'strikethrough',
    id: 'strikethrough',
    icon: 'format_strikethrough',
    label: 'strikethrough',
    group: 2,
    run: (e) => chain(e).toggleStrike().run(),
    active: (e) => e.isActive('strike'),
  },
  {
    choice: 'subscript',
    id: 'subscript',
    icon: 'subscript',
    label: 'subscript',
    group: 2,
    run: (e) => chain(e).toggleSubscript().run(),
    active: (e) => e.isActive('subscript'),
  },
  {
    choice: 'superscript',
    id: 'superscript',
    icon: 'superscript',
    label: 'superscript',
    group: 2,
    run: (e) => chain(e).toggleSuperscript().run(),
    active: (e) => e.isActive('superscript'),
  },
  {
    choice: 'removeformat',
    id: 'removeformat',
    icon: 'format_clear',
    label: 'removeformat',
    group: 2,
    run: (e) => chain(e).unsetAllMarks().clearNodes().unsetTextAlign().run(),
  },
  heading(1),
  heading(2),
  heading(3),
  heading(4),
  heading(5),
  heading(6),
  {
    choice: 'blockquote',
    id: 'blockquote',
    icon: 'format_quote',
    label: 'blockquote',
    group: 3,
    run: (e) => chain(e).toggleBlockquote().run(),
    active: (e) => e.isActive('blockquote'),
  },
  {
    choice: 'bullist',
    id: 'bullist',
    icon: 'format_list_bulleted',
    label: 'bullist',
    group: 4,
    run: (e) => chain(e).toggleBulletList().run(),
    active: (e) => e.isActive('bulletList'),
  },
  {
    choice: 'numlist',
    id: 'numlist',
    icon: 'format_list_numbered',
    label: 'numlist',
    group: 4,
    run: (e) => chain(e).toggleOrderedList().run(),
    active: (e) => e.isActive('orderedList'),
  },
  {
    choice: 'outdent',
    id: 'outdent',
    icon: 'format_indent_decrease',
    label: 'outdent',
    group: 4,
    run: (e) => chain(e).liftListItem('listItem').run(),
    can: (e) => e.can().liftListItem('listItem'),
  },
  {
    choice: 'indent',
    id: 'indent',
    icon: 'format_indent_increase',
    label: 'indent',
    group: 4,
    run: (e) => chain(e).sinkListItem('listItem').run(),
    can: (e) => e.can().sinkListItem('listItem'),
  },
  align('alignleft', 'left', 'format_align_left'),
  align('aligncenter', 'center', 'format_align_center'),
  align('alignright', 'right', 'format_align_right'),
  align('alignjustify', 'justify', 'format_align_justify'),
  {
    choice: 'alignnone',
    id: 'alignnone',
    icon: 'notes',
    label: 'alignnone',
    group: 5,
    run: (e) => chain(e).unsetTextAlign().run(),
  },
  {
    choice: 'link',
    id: 'link',
    icon: 'link',
    label: 'link',
    group: 6,
    dialog: 'link',
    active: (e) => e.isActive('link'),
  },
  {
    choice: 'unlink',
    id: 'unlink',
    icon: 'link_off',
    label: 'unlink',
    group: 6,
    run: (e) => chain(e).extendMarkRange('link').unsetLink().run(),
    can: (e) => e.isActive('link'),
  },
  { choice: 'image', id: 'image', icon: 'image', label: 'image', group: 6, dialog: 'image' },
  { choice: 'media', id: 'media', icon: 'movie', label: 'media', group: 6, dialog: 'media' },
  {
    choice: 'table',
    id: 'table',
    icon: 'table',
    label: 'table',
    group: 6,
    run: (e) => chain(e).insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
    can: (e) => !inTable(e),
  },
  {
    choice: 'hr',
    id: 'hr',
    icon: 'horizontal_rule',
    label: 'hr',
    group: 6,
    run: (e) => chain(e).setHorizontalRule().run(),
  },
  {
    choice: 'table',
    id: 'row_after',
    icon: 'table_rows',
    label: 'table_row_add',
    group: 7,
    run: (e) => chain(e).addRowAfter().run(),
    visible: inTable,
  },
  {
    choice: 'table',
    id: 'column_after',
    icon: 'view_column',
    label: 'table_column_add',
    group: 7,
    run: (e) => chain(e).addColumnAfter().run(),
    visible: inTable,
  },
  {
    choice: 'table',
    id: 'row_delete',
    icon: 'playlist_remove',
    label: 'table_row_delete',
    group: 7,
    run: (e) => chain(e).deleteRow().run(),
    visible: inTable,
  },
  {
    choice: 'table',
    id: 'column_delete',
    icon: 'view_week',
    label: 'table_column_delete',
    group: 7,
    run: (e) => chain(e).deleteColumn().run(),
    visible: inTable,
  },
  {
    choice: 'table',
    id: 'table_delete',
    icon: 'delete',
    label: 'table_delete',
    group: 7,
    run: (e) => chain(e).deleteTable().run(),
    visible: inTable,
  },
  {
    choice: 'selectall',
    id: 'selectall',
    icon: 'select_all',
    label: 'selectall',
    group: 8,
    run: (e) => chain(e).selectAll().run(),
  },
  { choice: 'code', id: 'code', icon: 'code', label: 'source', group: 8, dialog: 'source' },
];

/** The choices the editor honours (the wysiwyg definition offers exactly these). */
export const TOOLBAR_CHOICES = [...new Set(TOOL_ITEMS.map((item) => item.choice)), 'fullscreen'];

/** The `toolbar` option as a list: an array, or a comma/space separated string from older projects. */
export function toolbarChoices(option: unknown): string[] {
  if (Array.isArray(option)) return option.map(String);
  if (typeof option === 'string') return option.split(/[\s,|]+/).filter(Boolean);
  return [];
}
