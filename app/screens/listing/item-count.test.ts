import { itemCount } from './item-count';

describe('the item count (spec §9)', () => {
  it('counts the loaded rows while the result fits in one page', () => {
    expect(itemCount(3, 3, 200)).toBe(3);
    expect(itemCount(199, 199, 200)).toBe(199);
    // One row deleted locally before the reload answers: the loaded rows follow at once.
    expect(itemCount(2, 3, 200)).toBe(2);
  });

  it('counts filter_count once the result reaches default_limit', () => {
    expect(itemCount(200, 200, 200)).toBe(200);
    expect(itemCount(200, 1234, 200)).toBe(1234);
    expect(itemCount(25, 80, 25)).toBe(80);
  });

  it('falls back to the loaded rows without a filter_count', () => {
    expect(itemCount(7, null, 200)).toBe(7);
  });
});
