import { describe, expect, it } from 'vitest';
import { formatDuration, formatFileSize, metadataEntries } from './format';

describe('file detail formats', () => {
  it('writes sizes in decimal units', () => {
    const few = (count: number) => `${count} bytes`;
    expect(formatFileSize(0, 'en-US', few)).toBe('0 bytes');
    expect(formatFileSize(218, 'en-US', few)).toBe('218 bytes');
    expect(formatFileSize(21_400, 'en-US', few)).toBe('21 kB');
    expect(formatFileSize(1_540_000, 'en-US', few)).toBe('1.5 MB');
  });

  it('writes durations as m:ss or h:mm:ss', () => {
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(125)).toBe('2:05');
    expect(formatDuration(3725)).toBe('1:02:05');
  });

  it('flattens stored metadata', () => {
    expect(metadataEntries('{"format":"png","exif":{"Make":"Acme"},"pages":1}')).toEqual([
      ['format', 'png'],
      ['exif.Make', 'Acme'],
      ['pages', '1'],
    ]);
    expect(metadataEntries(null)).toEqual([]);
    expect(metadataEntries('plain')).toEqual([['', 'plain']]);
  });
});
