import type { DisplayComponent } from '../../displays/displays';
import type { InterfaceComponent } from '../contract';
import { lazyInterface } from '../lazy';
import { lazyDisplay } from './lazy-display';

// Every editor here is a chunk of its own (TipTap, CodeMirror), loaded the first time a form shows
// it; so are the displays, which need DOMPurify and marked. Nothing heavy is imported from this file.
// The HTML sanitizer for other modules is `sanitizeHtml` in ./sanitize (import it lazily too).

/** The rich family's interface components, by the id a definition's `binding.component` names. */
export const richComponents: Record<string, InterfaceComponent> = {
  wysiwyg: lazyInterface(() => import('./Wysiwyg')),
  code: lazyInterface(() => import('./CodeInterface')),
  json: lazyInterface(() => import('./JsonInterface')),
  markdown: lazyInterface(() => import('./MarkdownInterface')),
};

/** The rich family's displays, by the id a definition's `display.component` names. */
export const richDisplays: Record<string, DisplayComponent> = {
  html: lazyDisplay(() => import('./RichDisplays').then((module) => ({ default: module.HtmlDisplay }))),
  markdown: lazyDisplay(() =>
    import('./RichDisplays').then((module) => ({ default: module.MarkdownDisplay })),
  ),
};

/** Sanitizes HTML with DOMPurify; loads the sanitizer on first use. */
export async function loadSanitizer(): Promise<(html: string) => string> {
  return (await import('./sanitize')).sanitizeHtml;
}
