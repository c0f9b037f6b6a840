import { describe, expect, it } from 'vitest';
import { ftsCover, ftsPhrase, textCastOf } from './search-index';

describe('search index helpers', () => {
  it('covers a term with side-by-side trigrams and its last one, ANDed', () => {
    expect(ftsCover('abc')).toBe('"abc"');
    expect(ftsCover('abcd')).toBe('"abc" AND "bcd"');
    expect(ftsCover('tempor magna')).toBe('"tem" AND "por" AND " ma" AND "gna"');
    // Each trigram at most once; code points, not UTF-16 units.
    expect(ftsCover('ababab')).toBe('"aba" AND "bab"');
    expect(ftsCover('😀é😀x')).toBe('"😀é😀" AND "é😀x"');
    // Double quotes doubled inside each phrase.
    expect(ftsCover('a"bc"d')).toBe('"a""b" AND "c""d"');
    expect(ftsPhrase('say "hi"')).toBe('"say ""hi"""');
  });

  it('reads the column of a PostgreSQL `(column)::text` index expression', () => {
    expect(textCastOf('(id)::text')).toBe('id');
    expect(textCastOf('("Order Total")::text')).toBe('Order Total');
    expect(textCastOf('("say ""hi""")::text')).toBe('say "hi"');
    expect(textCastOf('lower((title)::text)')).toBeNull();
    expect(textCastOf(null)).toBeNull();
  });
});
