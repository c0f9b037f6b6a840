import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import type { Extension } from '@codemirror/state';
import { tags } from '@lezer/highlight';

// The editor's look comes from the design tokens (CSS variables), so it follows the light and dark
// themes without a second theme object; the syntax colours are defined in CodeEditor.css from the
// same tokens.

const theme = EditorView.theme({
  '&': {
    color: 'var(--page-text-color)',
    backgroundColor: 'var(--input-background)',
    fontSize: 'var(--font-size)',
    borderRadius: 'var(--radius)',
  },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': {
    fontFamily: 'var(--font-mono)',
    lineHeight: '1.5',
  },
  '.cm-content': {
    caretColor: 'var(--accent)',
    padding: 'var(--space-2) 0',
  },
  '.cm-line': { padding: '0 var(--space-3)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--accent)', borderLeftWidth: '2px' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection':
    { backgroundColor: 'var(--code-selection)' },
  '.cm-activeLine': { backgroundColor: 'var(--code-active-line)' },
  '.cm-gutters': {
    backgroundColor: 'var(--lighter-gray)',
    color: 'var(--text-subdued)',
    borderRight: '1px solid var(--border)',
    borderRadius: 'var(--radius) 0 0 var(--radius)',
  },
  '.cm-activeLineGutter': { backgroundColor: 'var(--light-gray)', color: 'var(--page-text-color)' },
  '.cm-placeholder': { color: 'var(--text-subdued)' },
  '.cm-matchingBracket, &.cm-focused .cm-matchingBracket': {
    backgroundColor: 'var(--accent-subtle)',
    outline: '1px solid var(--accent)',
  },
  '.cm-nonmatchingBracket': { color: 'var(--danger)' },
  '.cm-lintRange-error': {
    backgroundImage: 'none',
    textDecoration: 'underline wavy var(--danger)',
    textUnderlineOffset: '3px',
  },
  '.cm-tooltip': {
    backgroundColor: 'var(--tooltip-background)',
    color: 'var(--tooltip-text)',
    border: 'none',
    borderRadius: 'var(--radius)',
  },
});

const highlight = HighlightStyle.define([
  {
    tag: [tags.keyword, tags.operatorKeyword, tags.modifier, tags.controlKeyword],
    color: 'var(--code-keyword)',
  },
  { tag: [tags.string, tags.special(tags.string), tags.regexp], color: 'var(--code-string)' },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], color: 'var(--code-number)' },
  { tag: [tags.comment, tags.meta], color: 'var(--code-comment)', fontStyle: 'italic' },
  { tag: [tags.propertyName, tags.attributeName], color: 'var(--code-property)' },
  { tag: [tags.tagName, tags.typeName, tags.className], color: 'var(--code-tag)' },
  {
    tag: [tags.function(tags.variableName), tags.function(tags.propertyName)],
    color: 'var(--code-function)',
  },
  { tag: [tags.heading], color: 'var(--code-keyword)', fontWeight: '700' },
  { tag: tags.strong, fontWeight: '700' },
  { tag: tags.emphasis, fontStyle: 'italic' },
  { tag: tags.strikethrough, textDecoration: 'line-through' },
  { tag: [tags.link, tags.url], color: 'var(--code-link)', textDecoration: 'underline' },
  { tag: [tags.monospace, tags.processingInstruction], color: 'var(--code-string)' },
  { tag: tags.invalid, color: 'var(--danger)' },
]);

/** Our CodeMirror look: tokens for the editor, token-derived colours for the syntax. */
export const octavoCodeTheme: Extension = [theme, syntaxHighlighting(highlight)];
