/** Byte counts as people read them: `2.4 MB` (decimal, 1000) or `2.3 MiB` (binary, 1024). */
const DECIMAL_UNITS = ['B', 'kB', 'MB', 'GB', 'TB', 'PB'];
const BINARY_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

export function formatBytes(bytes: number, decimal = true, locale?: string): string {
  const base = decimal ? 1000 : 1024;
  const units = decimal ? DECIMAL_UNITS : BINARY_UNITS;
  let value = Math.abs(bytes);
  let unit = 0;
  while (value >= base && unit < units.length - 1) {
    value /= base;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : value < 10 ? 2 : value < 100 ? 1 : 0;
  const text = new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(
    Math.sign(bytes) * value,
  );
  return `${text} ${units[unit]}`;
}

const PREFIXES = ['', 'k', 'm', 'g', 't', 'p'];

/**
 * Reads `2 MB`, `1.5GB`, `512 KiB`, `2048` (bytes) into a whole number of bytes; null when it is not
 * a size. `kB`/`MB` count in the interface's base (1000, or 1024 without the decimal option);
 * `KiB`/`MiB` always in 1024.
 */
export function parseBytes(text: string, decimal = true): number | null {
  const match = /^\s*(\d+(?:[.,]\d+)?)\s*([kmgtp]?)(i?)(b?)(?:ytes?)?\s*$/i.exec(text);
  if (!match) return null;
  const [, amount, prefix, binary, b] = match;
  if (!prefix && (binary || (!b && /[a-z]/i.test(text)))) return null;
  const value = Number(amount.replace(',', '.'));
  const power = PREFIXES.indexOf(prefix.toLowerCase());
  const base = binary ? 1024 : decimal ? 1000 : 1024;
  const bytes = Math.round(value * base ** power);
  return Number.isSafeInteger(bytes) ? bytes : null;
}
