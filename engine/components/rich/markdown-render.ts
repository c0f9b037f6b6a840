import { Marked } from 'marked';
import { sanitizeHtml } from './sanitize';

// One parser of our own, so that no other module's marked settings leak in.
const marked = new Marked({ gfm: true, breaks: false, async: false });

/** Markdown to sanitized HTML, for the preview. */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(marked.parse(source, { async: false }) as string);
}
