import wysiwygDefinition from '../../../schemas/interfaces/wysiwyg.json';
import { jsonErrorOffset, lineAndColumn, parseJsonText, sameJson, toJsonText } from './json-text';
import { normalizeMediaUrl, normalizeUrl, fileUrl } from './WysiwygDialogs';
import { TOOLBAR_CHOICES, toolbarChoices } from './wysiwyg-toolbar';

describe('json text', () => {
  it('parses values keeping their JSON type; empty text is null', () => {
    expect(parseJsonText('{"a": [1, true]}')).toEqual({ ok: true, value: { a: [1, true] } });
    expect(parseJsonText('42')).toEqual({ ok: true, value: 42 });
    expect(parseJsonText('"x"')).toEqual({ ok: true, value: 'x' });
    expect(parseJsonText('  \n')).toEqual({ ok: true, value: null });
  });

  it('places a syntax error at its line and column', () => {
    const result = parseJsonText('{\n  "a": 1,\n  "b": tru\n}');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problem.line).toBe(3);
      expect(result.problem.column).toBeGreaterThanOrEqual(8);
    }
    const truncated = parseJsonText('{"a": ');
    expect(truncated.ok).toBe(false);
    if (!truncated.ok) expect(truncated.problem).toMatchObject({ line: 1 });
  });

  it('prints, compares and counts lines', () => {
    expect(toJsonText(null)).toBe('');
    expect(toJsonText({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(sameJson({ a: 1 }, { a: 1 })).toBe(true);
    expect(sameJson(1, '1')).toBe(false);
    expect(lineAndColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});

describe('wysiwyg urls', () => {
  it('accepts web, mail and relative links and refuses scripts', () => {
    expect(normalizeUrl('https://example.com/a b')).toBeNull();
    expect(normalizeUrl('https://example.com/x')).toBe('https://example.com/x');
    expect(normalizeUrl('example.com/page')).toBe('https://example.com/page');
    expect(normalizeUrl('mailto:me@example.com')).toBe('mailto:me@example.com');
    expect(normalizeUrl('/about')).toBe('/about');
    expect(normalizeUrl('#top')).toBe('#top');
    expect(normalizeUrl('javascript:alert(1)')).toBeNull();
    expect(normalizeUrl('JaVaScRiPt:alert(1)')).toBeNull();
    expect(normalizeUrl('//evil.example')).toBeNull();
    expect(normalizeUrl('')).toBeNull();
  });

  it('takes media from the web, the site or an image data URL only', () => {
    expect(normalizeMediaUrl('/test/assets/abc')).toBe('/test/assets/abc');
    expect(normalizeMediaUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(normalizeMediaUrl('data:text/html;base64,AAAA')).toBeNull();
    expect(normalizeMediaUrl('mailto:a@b.c')).toBeNull();
  });

  it('reads a file item’s URL from its data', () => {
    const data = { full_url: 'http://x/test/assets/a', url: '/test/assets/a' };
    expect(fileUrl({ data }, 'http://x')).toBe('http://x/test/assets/a');
    expect(fileUrl({ data }, 'http://elsewhere')).toBe('/test/assets/a');
    expect(fileUrl({ data: { url: '/test/assets/a' } })).toBe('/test/assets/a');
    expect(fileUrl({ data: { full_url: 'http://x/a' } }, 'http://y')).toBe('http://x/a');
    expect(fileUrl({ id: 1 })).toBeNull();
  });
});

describe('wysiwyg toolbar option', () => {
  it('offers exactly the choices the editor honours, defaulting to the schema-v8 list', () => {
    const option = wysiwygDefinition.options.find((o) => o.field === 'toolbar')!;
    const choices = Object.keys((option.options as { choices: Record<string, string> }).choices);
    expect(new Set(choices)).toEqual(new Set(TOOLBAR_CHOICES));
    expect(option.default_value).toEqual([
      'bold',
      'italic',
      'underline',
      'removeformat',
      'link',
      'bullist',
      'numlist',
      'blockquote',
      'h1',
      'h2',
      'h3',
      'image',
      'media',
      'hr',
      'code',
      'fullscreen',
    ]);
  });

  it('reads arrays and the comma strings of older projects', () => {
    expect(toolbarChoices(['bold', 'h1'])).toEqual(['bold', 'h1']);
    expect(toolbarChoices('bold,italic link')).toEqual(['bold', 'italic', 'link']);
    expect(toolbarChoices(null)).toEqual([]);
  });
});

describe('jsonErrorOffset', () => {
  it('finds the first refused character of invalid JSON and nothing in valid JSON', () => {
    const cases: [string, number][] = [
      ['{"a": 1}', -1],
      ['[1, 2.5e3, "x\\n", true, null, {"b": []}]', -1],
      ['{"a": 1,}', 8],
      ['{a: 1}', 1],
      ['[1 2]', 3],
      ['"open', 5],
      ['01', 1],
      ['{"a": tru}', 9],
      ['', 0],
    ];
    for (const [text, offset] of cases) expect([text, jsonErrorOffset(text)]).toEqual([text, offset]);
    for (const [text] of cases)
      expect(jsonErrorOffset(text) === -1).toBe(parseJsonText(text).ok && text !== '');
  });
});
