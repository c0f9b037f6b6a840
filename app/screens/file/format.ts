/** How the file detail writes sizes, durations and stored metadata. */

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * Bytes in decimal units (1 kB = 1000 bytes), the unit's name written by the locale (Intl); below a
 * kilobyte `few` writes the count (a catalogue plural).
 */
export function formatFileSize(bytes: number, locale: string, few: (count: number) => string): string {
  if (bytes < 1000) return few(Math.max(0, Math.round(bytes)));
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : value < 10 ? 1 : 0,
  }).format(value);
}

/** Seconds as `m:ss` or `h:mm:ss`. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/**
 * The stored `metadata` (JSON: the server's image facts, EXIF and the like) as key and text pairs,
 * nested objects flattened with dots; a string that is not JSON is one pair.
 */
export function metadataEntries(metadata: unknown): Array<[string, string]> {
  let value: unknown = metadata;
  if (typeof metadata === 'string') {
    try {
      value = JSON.parse(metadata);
    } catch {
      return metadata.trim() ? [['', metadata]] : [];
    }
  }
  const out: Array<[string, string]> = [];
  const walk = (node: unknown, prefix: string) => {
    if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
      for (const [key, child] of Object.entries(node)) walk(child, prefix ? `${prefix}.${key}` : key);
    } else if (node !== null && node !== undefined && node !== '') {
      out.push([prefix, Array.isArray(node) ? node.map(String).join(', ') : String(node)]);
    }
  };
  walk(value, '');
  return out.slice(0, 200);
}
