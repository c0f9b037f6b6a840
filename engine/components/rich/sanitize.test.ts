// @vitest-environment jsdom
import { renderMarkdown } from './markdown-render';
import { excerpt, htmlToText, sanitizeHtml } from './sanitize';

describe('sanitizeHtml', () => {
  it('removes scripts, handlers and script links but keeps the content', () => {
    const clean = sanitizeHtml(
      '<h2 onclick="x()">Title</h2><script>alert(1)</script><p><a href="javascript:alert(1)">go</a>' +
        '<img src="/a.png" onerror="alert(1)"><iframe src="https://evil"></iframe><b>bold</b></p>',
    );
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
    expect(clean).toContain('<h2>Title</h2>');
    expect(clean).toContain('<img src="/a.png">');
    expect(clean).toContain('<b>bold</b>');
  });

  it('turns HTML into a plain-text excerpt', () => {
    expect(htmlToText('<h1>Hello</h1><p>big <b>world</b></p><script>no()</script>')).toBe('Hello big world');
    expect(excerpt('one two three four', 12)).toBe('one two…');
    expect(excerpt('short', 12)).toBe('short');
  });

  it('renders markdown to sanitized HTML', () => {
    const html = renderMarkdown('# Hi\n\n**strong** [x](javascript:alert(1)) <img src=x onerror=alert(1)>');
    expect(html).toContain('<h1>Hi</h1>');
    expect(html).toContain('<strong>strong</strong>');
    expect(html).not.toMatch(/javascript:|onerror/);
  });
});
