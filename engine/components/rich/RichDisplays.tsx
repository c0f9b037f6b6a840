import type { DisplayProps } from '../../displays/displays';
import { renderMarkdown } from './markdown-render';
import { excerpt, htmlToText } from './sanitize';

const LISTING_LENGTH = 100;

function shown(text: string, truncate: unknown): string {
  return truncate === false ? text : excerpt(text, LISTING_LENGTH);
}

/** HTML (wysiwyg) in listings and cards: its plain text, sanitized first, cut to an excerpt. */
export function HtmlDisplay({ value, truncate }: DisplayProps) {
  if (typeof value !== 'string' || value === '') return null;
  return <span className="octavo-display">{shown(htmlToText(value), truncate)}</span>;
}

/** Markdown in listings and cards: the text it renders to (marked, then DOMPurify), cut to an excerpt. */
export function MarkdownDisplay({ value, truncate }: DisplayProps) {
  if (typeof value !== 'string' || value === '') return null;
  return <span className="octavo-display">{shown(htmlToText(renderMarkdown(value)), truncate)}</span>;
}
