import DOMPurify from 'dompurify';

/**
 * Sanitizes HTML before it is put into the page anywhere outside the editor that wrote it (previews,
 * displays): scripts, event handlers, `javascript:` links and foreign elements are removed.
 * Importing this module pulls DOMPurify in, so import it only from a lazy chunk.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['srcset'],
  });
}

/** The plain text of a piece of HTML (sanitized first), with runs of white space folded. */
export function htmlToText(html: string): string {
  const body = DOMPurify.sanitize(html, { RETURN_DOM: true, USE_PROFILES: { html: true } }) as HTMLElement;
  // Block ends become spaces so that "<p>a</p><p>b</p>" reads "a b", not "ab".
  body
    .querySelectorAll('p, div, li, h1, h2, h3, h4, h5, h6, blockquote, br, tr, td, th')
    .forEach((el: Element) => {
      el.append(' ');
    });
  return (body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** A plain-text excerpt: at most `length` characters, cut at a word when one is near. */
export function excerpt(text: string, length = 100): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const space = cut.lastIndexOf(' ');
  return `${(space > length * 0.5 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
