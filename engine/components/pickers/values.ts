import { useEngineLocale } from '../../i18n';
/** Small conversions shared by the pickers: stored values to what a control edits, and back. */

export const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

export const num = (value: unknown, fallback: number): number => {
  if (value === null || value === undefined || value === '') return fallback;
  const number = Number(value);
  return Number.isFinite(number) ? number : fallback;
};

export const bool = (value: unknown, fallback = false): boolean =>
  value === null || value === undefined ? fallback : value === true || value === 1 || value === '1';

/** The reader's locale: the app writes it on the document (engine code gets no app state). */
export function userLocale(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.documentElement.lang || undefined;
}

/**
 * Material Icons names as Directus 8 stored them ("favorite_border", "star_outline") drawn with
 * Material Symbols: the outline variants there are the unfilled glyph of the base name.
 */
export function symbolOf(
  name: string | undefined,
  filledByDefault = false,
): { name: string; filled: boolean } {
  const raw = (name ?? '').trim();
  const outline = /^(.+?)_(border|outline)$/.exec(raw);
  if (outline) return { name: outline[1], filled: false };
  return { name: raw, filled: filledByDefault };
}

/** The index an arrow key moves a one-dimensional group to (wrapping), or null for other keys. */
export function stepIndex(key: string, index: number, count: number, rtl = false): number | null {
  if (count === 0) return null;
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
  if (key === forward || key === 'ArrowDown') return (index + 1) % count;
  if (key === backward || key === 'ArrowUp') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

export function isRtl(element: Element | null): boolean {
  return !!element && getComputedStyle(element).direction === 'rtl';
}

/** The reader's locale as a hook: the app's locale from the engine's i18n context, else the document's. */
export function useUserLocale(): string | undefined {
  return useEngineLocale() ?? userLocale();
}
