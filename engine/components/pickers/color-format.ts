/** Colours as the color interface stores them: `#E91E63`, `rgb(233, 30, 99)` or `hsl(340, 82%, 52%)`. */
export type ColorFormat = 'hex' | 'rgb' | 'hsl';

interface Rgb {
  r: number;
  g: number;
  b: number;
}

const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value));

function hslToRgb(h: number, s: number, l: number): Rgb {
  const sat = s / 100;
  const light = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => light - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return { r: Math.round(f(0) * 255), g: Math.round(f(8) * 255), b: Math.round(f(4) * 255) };
}

function rgbToHsl({ r, g, b }: Rgb): [number, number, number] {
  const [rr, gg, bb] = [r / 255, g / 255, b / 255];
  const max = Math.max(rr, gg, bb);
  const min = Math.min(rr, gg, bb);
  const light = (max + min) / 2;
  if (max === min) return [0, 0, Math.round(light * 100)];
  const d = max - min;
  const sat = light > 0.5 ? d / (2 - max - min) : d / (max + min);
  let hue =
    max === rr ? (gg - bb) / d + (gg < bb ? 6 : 0) : max === gg ? (bb - rr) / d + 2 : (rr - gg) / d + 4;
  hue *= 60;
  return [Math.round(hue) % 360, Math.round(sat * 100), Math.round(light * 100)];
}

/** Reads any of the three formats (and #RGB); null when the text is not a colour. */
export function parseColor(text: string | null | undefined): Rgb | null {
  const value = (text ?? '').trim().toLowerCase();
  let match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/.exec(value);
  if (match) {
    const hex = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
    return {
      r: parseInt(hex.slice(0, 2), 16),
      g: parseInt(hex.slice(2, 4), 16),
      b: parseInt(hex.slice(4, 6), 16),
    };
  }
  match = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})\s*(?:[,/]\s*[\d.]+%?\s*)?\)$/.exec(value);
  if (match) {
    const [r, g, b] = match.slice(1, 4).map(Number);
    if (r > 255 || g > 255 || b > 255) return null;
    return { r, g, b };
  }
  match = /^hsla?\(\s*([\d.]+)(?:deg)?[\s,]+([\d.]+)%[\s,]+([\d.]+)%\s*(?:[,/]\s*[\d.]+%?\s*)?\)$/.exec(
    value,
  );
  if (match) {
    const [h, s, l] = match.slice(1, 4).map(Number);
    if (s > 100 || l > 100) return null;
    return hslToRgb(h % 360, s, l);
  }
  return null;
}

export function formatColor(rgb: Rgb, format: ColorFormat): string {
  const { r, g, b } = { r: clamp(rgb.r, 255), g: clamp(rgb.g, 255), b: clamp(rgb.b, 255) };
  if (format === 'rgb') return `rgb(${r}, ${g}, ${b})`;
  if (format === 'hsl') {
    const [h, s, l] = rgbToHsl({ r, g, b });
    return `hsl(${h}, ${s}%, ${l}%)`;
  }
  return `#${[r, g, b].map((n) => n.toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

/** Any colour text in the stored format; null when it is not a colour. */
export function convertColor(text: string | null | undefined, format: ColorFormat): string | null {
  const rgb = parseColor(text);
  return rgb ? formatColor(rgb, format) : null;
}

export function toHex(text: string | null | undefined): string | null {
  return convertColor(text, 'hex');
}

/** Black or white, whichever reads better on the colour (WCAG relative luminance). */
export function readableOn(text: string | null | undefined): string {
  const rgb = parseColor(text);
  if (!rgb) return 'inherit';
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(rgb.r) + 0.7152 * channel(rgb.g) + 0.0722 * channel(rgb.b);
  return luminance > 0.4 ? '#000000' : '#FFFFFF';
}
