/**
 * Directus 8 colour names (status mappings, palettes) → CSS colours from the design tokens
 * (`--palette-*` in the app's tokens.css, light and dark). Every named background comes with the
 * readable text colour paired with it.
 */
export interface ResolvedColor {
  /** The colour itself, usable as a background. */
  color: string;
  /** The readable text colour on it, when the colour is one of ours. */
  on?: string;
}

/** Names that follow the theme's own tokens. */
const THEMED = new Set(['accent', 'success', 'warning', 'danger']);
const GRAYS = new Set([
  'white',
  'black',
  'lightest-gray',
  'lighter-gray',
  'light-gray',
  'gray',
  'dark-gray',
  'darker-gray',
  'darkest-gray',
]);
export const HUES = [
  'red',
  'pink',
  'purple',
  'deep-purple',
  'indigo',
  'blue',
  'light-blue',
  'cyan',
  'teal',
  'green',
  'light-green',
  'lime',
  'yellow',
  'amber',
  'orange',
  'deep-orange',
  'brown',
  'grey',
  'blue-grey',
] as const;
const HUE_SET = new Set<string>(HUES);
/** Shades 50–400 mix the hue into the theme's tint, 600–900 into black (percent of the hue / of black). */
const TINTS: Record<string, number> = { '50': 12, '100': 24, '200': 40, '300': 56, '400': 76 };
const SHADES: Record<string, number> = { '600': 12, '700': 24, '800': 36, '900': 48 };

function normalise(name: string): string {
  const n = name.trim().toLowerCase().replace(/_/g, '-').replace('blue-gray', 'blue-grey');
  // The gray scale is spelled "gray"; the Material hue is "grey".
  return n.replace(/^(lightest|lighter|light|dark|darker|darkest)-grey$/, '$1-gray');
}

const hueOn = (hue: string) => `var(--palette-${hue}-on, var(--palette-on-dark))`;

export function resolveColor(value: string | null | undefined): ResolvedColor | null {
  if (!value || !value.trim()) return null;
  if (/^(#|rgba?\(|hsla?\(|var\(|color-mix\()/i.test(value.trim())) return { color: value.trim() };
  const name = normalise(value);
  if (name === 'action') return { color: 'var(--accent)', on: 'var(--accent-contrast)' };
  if (THEMED.has(name)) return { color: `var(--${name})`, on: `var(--${name}-contrast)` };
  if (GRAYS.has(name)) return { color: `var(--palette-${name})`, on: `var(--palette-${name}-on)` };
  if (HUE_SET.has(name)) return { color: `var(--palette-${name})`, on: hueOn(name) };
  const shade = /^([a-z-]+?)-(50|[1-9]00)$/.exec(name);
  if (shade && HUE_SET.has(shade[1])) {
    const [, hue, level] = shade;
    if (level in TINTS)
      return {
        color: `color-mix(in srgb, var(--palette-${hue}) ${TINTS[level]}%, var(--palette-tint))`,
        on: 'var(--palette-tint-on)',
      };
    if (level in SHADES)
      return {
        color: `color-mix(in srgb, var(--palette-${hue}), var(--palette-shade) ${SHADES[level]}%)`,
        on: hueOn(hue),
      };
    return { color: `var(--palette-${hue})`, on: hueOn(hue) };
  }
  // Anything else is taken as a CSS colour keyword ("transparent", "rebeccapurple").
  return { color: name };
}
