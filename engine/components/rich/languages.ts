import type { Extension } from '@codemirror/state';

/** The `language` choices of the code interface (MIME types, as Directus 8 stored them). */
export const CODE_LANGUAGES = [
  'text/plain',
  'text/javascript',
  'application/json',
  'text/x-vue',
  'application/x-httpd-php',
  'text/css',
  'text/markdown',
] as const;

/**
 * The CodeMirror language support for a MIME type, each loaded as a chunk of its own (the PHP
 * grammar need not come along with a JSON field). Vue files are edited in HTML mode. Unknown types
 * and text/plain get no language.
 */
export async function loadLanguage(mime: unknown): Promise<Extension | null> {
  switch (mime) {
    case 'text/javascript':
    case 'application/javascript':
      return (await import('@codemirror/lang-javascript')).javascript();
    case 'application/json':
      return (await import('@codemirror/lang-json')).json();
    case 'text/x-vue':
    case 'text/html':
      return (await import('@codemirror/lang-html')).html();
    case 'application/x-httpd-php':
      return (await import('@codemirror/lang-php')).php();
    case 'text/css':
      return (await import('@codemirror/lang-css')).css();
    case 'text/markdown':
      return (await import('@codemirror/lang-markdown')).markdown();
    default:
      return null;
  }
}
