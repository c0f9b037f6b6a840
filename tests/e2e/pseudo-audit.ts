import type { Page } from 'playwright-core';
import { api } from './helpers';

/**
 * The checks of the pseudo-locale test (`pseudo-locale.e2e.test.ts`), run on whatever the page shows.
 *
 * In the pseudo-locale every catalogue message renders as `⟦accented text…⟧`. A visible text is
 * *untranslated* when, once the parts inside markers are taken out, letters remain that are not:
 *  - data: a string the database holds (`dataStrings`), as a whole word or words;
 *  - Intl's own words in the page's locale (month and weekday names, day periods, relative-time and
 *    unit words), since dates, relative times and sizes are written by Intl, not by the catalogue;
 *  - a name from `ALWAYS_ALLOWED` below.
 * Markers are counted across text nodes in document order, so a message with rich-text tags (several
 * text nodes) counts as one. Attributes (`aria-label`, `title`, `placeholder`) are checked the same
 * way, each on its own.
 *
 * Text is *clipped* when an element with `overflow-x: hidden` or `clip` is narrower than a catalogue
 * text inside it (a text node whose nearest clipping ancestor it is, with a character inside markers,
 * and a line box reaching past the element's padding box by more than 1 px), unless the element ends
 * the text with `text-overflow: ellipsis` AND the element or an ancestor carries a `title` (so the
 * whole text is one hover away). Elements at most 2 px wide are screen-reader-only text, not clipping.
 * Clipped data (a long title in a table cell) is the layout's choice, resizable, and not checked.
 */

export const OPEN = '⟦';
export const CLOSE = '⟧';

/**
 * Names that are the same in every language, so the catalogue does not carry them. Keep it short.
 */
const ALWAYS_ALLOWED = [
  // The product's name (the public pages' footer and the about box name it).
  'Octavo',
  // The Directus 8 API dialect the server speaks is a product name too.
  'Directus',
];

export interface Finding {
  /** What the check found (the text without markers, or the attribute's value). */
  text: string;
  /** A short CSS-like path of the element, to find it. */
  where: string;
  /** For an untranslated text: the letters that are neither marked nor data. */
  rest?: string;
}

export interface AuditResult {
  untranslated: Finding[];
  clipped: Finding[];
}

/** Runs both checks on the page as it is now. `allowed` holds the data strings (see `dataStrings`). */
export async function audit(page: Page, allowed: string[]): Promise<AuditResult> {
  // A transpiler that keeps function names (esbuild's keepNames) calls a `__name` helper the page lacks.
  await page.evaluate('globalThis.__name ??= (target) => target');
  return page.evaluate(
    ({ allowed, open, close }) => {
      const pathOf = (element: Element | null): string => {
        const parts: string[] = [];
        for (let el = element; el && el !== document.body && parts.length < 4; el = el.parentElement) {
          const cls = [...el.classList].slice(0, 2).join('.');
          parts.unshift(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls ? `.${cls}` : ''}`);
        }
        return parts.join(' > ');
      };
      const visible = (element: Element | null): boolean => {
        if (!element) return false;
        // An <option> is not rendered until its list opens: it counts when its <select> shows.
        const select = element.closest('select');
        if (select) return select.checkVisibility({ visibilityProperty: true });
        return element.checkVisibility({ visibilityProperty: true });
      };

      // Intl's words in the page's locale.
      const lang = document.documentElement.lang || 'en-US';
      const intlWords = new Set<string>();
      const addWords = (text: string) => {
        for (const word of text.match(/\p{L}+/gu) ?? []) intlWords.add(word);
      };
      const sample = new Date(Date.UTC(2024, 0, 1, 9, 30));
      for (let month = 0; month < 12; month++) {
        // 2024-01-01 is a Monday: the first seven months give the seven weekdays.
        const date = new Date(Date.UTC(2024, month, 1 + month, 9 + month));
        const day = new Date(Date.UTC(2024, 0, 1 + (month % 7)));
        for (const style of ['long', 'short'] as const) {
          addWords(new Intl.DateTimeFormat(lang, { month: style }).format(date));
          addWords(new Intl.DateTimeFormat(lang, { weekday: style }).format(day));
        }
      }
      for (const options of [
        { dateStyle: 'full', timeStyle: 'short' },
        {
          weekday: 'long',
          year: 'numeric',
          month: 'long',
          day: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
        },
        { hour: 'numeric', minute: '2-digit', hour12: true },
        { timeZoneName: 'short' },
      ] as Intl.DateTimeFormatOptions[]) {
        addWords(new Intl.DateTimeFormat(lang, options).format(sample));
        addWords(new Intl.DateTimeFormat(lang, options).format(new Date(Date.UTC(2024, 0, 1, 21))));
      }
      const units = ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'] as const;
      for (const numeric of ['auto', 'always'] as const) {
        const relative = new Intl.RelativeTimeFormat(lang, { numeric });
        for (const unit of units)
          for (const n of [-10, -2, -1, 0, 1, 2, 10]) addWords(relative.format(n, unit));
      }
      for (const unit of ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte']) {
        for (const unitDisplay of ['short', 'long', 'narrow'] as const) {
          addWords(new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay }).format(2));
        }
      }

      const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const dataPatterns = [...new Set(allowed)]
        .map((text) => text.trim())
        .filter((text) => /\p{L}/u.test(text))
        .sort((a, b) => b.length - a.length)
        .map((text) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(text)}(?![\\p{L}\\p{N}])`, 'gu'));
      /** The letters of a fragment that are neither data nor Intl's words ('' when none). */
      const rest = (fragment: string): string => {
        // A colour value (#F44336) is a value, not words.
        let text = fragment.replace(/#[0-9a-f]{3,8}(?![\p{L}\p{N}])/giu, ' ');
        for (const pattern of dataPatterns) if (text.length) text = text.replace(pattern, ' ');
        const words = (text.match(/\p{L}[\p{L}\p{M}'’]*/gu) ?? []).filter((word) => !intlWords.has(word));
        return words.join(' ');
      };

      const untranslated: { text: string; where: string; rest: string }[] = [];
      const clipped: { text: string; where: string }[] = [];

      // Visible text, with markers counted across nodes in document order.
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      let depth = 0;
      const marked = new Map<Text, boolean>();
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        const parent = node.parentElement;
        if (!parent || parent.closest('script, style, noscript, template')) continue;
        const value = node.data;
        let outside = '';
        let inside = false;
        for (const char of value) {
          if (char === open) {
            depth++;
            outside += '\u0000';
          } else if (char === close) {
            depth = Math.max(0, depth - 1);
            outside += '\u0000';
          } else if (depth > 0) {
            inside = true;
            outside += '\u0000';
          } else outside += char;
        }
        marked.set(node, inside);
        if (!/\p{L}/u.test(outside) || !visible(parent)) continue;
        const left = outside.split('\u0000').map(rest).filter(Boolean).join(' … ');
        if (left) untranslated.push({ text: value.trim(), where: pathOf(parent), rest: left });
      }

      // Attributes, each on its own.
      for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder]')) {
        if (!visible(element) && !element.closest('select')) continue;
        for (const name of ['aria-label', 'title', 'placeholder']) {
          const value = element.getAttribute(name);
          if (!value) continue;
          let level = 0;
          let outside = '';
          for (const char of value) {
            if (char === open) level++;
            else if (char === close) level = Math.max(0, level - 1);
            outside += level > 0 || char === open || char === close ? '\u0000' : char;
          }
          const left = outside.split('\u0000').map(rest).filter(Boolean).join(' … ');
          if (left) untranslated.push({ text: `${name}="${value}"`, where: pathOf(element), rest: left });
        }
      }

      // Clipped catalogue text.
      const clipper = (element: Element | null): Element | null => {
        for (let el = element; el && el !== document.body; el = el.parentElement) {
          const style = getComputedStyle(el);
          if (style.overflowX !== 'visible') return el;
        }
        return null;
      };
      const seen = new Set<Element>();
      for (const [node, inside] of marked) {
        if (!inside || !node.parentElement || !visible(node.parentElement)) continue;
        const box = clipper(node.parentElement);
        if (!box || seen.has(box)) continue;
        const style = getComputedStyle(box);
        if (style.overflowX !== 'hidden' && style.overflowX !== 'clip') continue;
        if (box.clientWidth <= 2 || box.scrollWidth <= box.clientWidth + 1) continue;
        const outer = box.getBoundingClientRect();
        const startEdge = outer.left + box.clientLeft;
        const endEdge = startEdge + box.clientWidth;
        const range = document.createRange();
        range.selectNodeContents(node);
        const past = [...range.getClientRects()].some(
          (rect) => rect.width > 0 && (rect.right > endEdge + 1 || rect.left < startEdge - 1),
        );
        if (!past) continue;
        seen.add(box);
        const titled = Boolean(box.closest('[title]')?.getAttribute('title'));
        if (style.textOverflow === 'ellipsis' && titled) continue;
        clipped.push({
          text: (box.textContent ?? '').replace(/[⟦⟧]/g, '').trim().slice(0, 80),
          where: pathOf(box),
        });
      }
      return { untranslated, clipped };
    },
    { allowed: [...allowed, ...ALWAYS_ALLOWED], open: OPEN, close: CLOSE },
  );
}

/**
 * The field types (`string`, `m2o`) and the databases' column types (`VARCHAR`) the field wizard and the
 * designer show: the vocabulary of the API and of SQL, written as they are in every language.
 */
export async function technicalNames(): Promise<string[]> {
  const { readFileSync } = await import('node:fs');
  const types = JSON.parse(
    readFileSync(new URL('../../schemas/field-types.json', import.meta.url), 'utf8'),
  ) as { datatypes: Record<string, Record<string, unknown>>; types: { type: string }[] };
  return [
    ...types.types.map((entry) => entry.type),
    ...Object.values(types.datatypes).flatMap((vendor) => Object.keys(vendor)),
  ];
}

/**
 * The time zone dropdown's words (my profile): the app names each zone with Intl in the page's locale
 * (`app/state/system-fields.ts`), after its city, which comes from the zone's id (a value).
 */
export async function timeZoneTexts(page: Page): Promise<string[]> {
  const field = (await api(page, 'GET', 'fields/directus_users/timezone')).data as {
    options?: { choices?: Record<string, string> };
  };
  const zones = Object.keys(field?.options?.choices ?? {});
  return page.evaluate((zones) => {
    const lang = document.documentElement.lang;
    return zones.flatMap((zone) => {
      const city = (zone.split('/').pop() ?? zone).replace(/_/g, ' ');
      try {
        const name = new Intl.DateTimeFormat(lang, { timeZone: zone, timeZoneName: 'longGeneric' })
          .formatToParts(new Date(0))
          .find((part) => part.type === 'timeZoneName')?.value;
        return name ? [city, name] : [city];
      } catch {
        return [city];
      }
    });
  }, zones);
}

/** `site_settings` → `Site Settings`: the app's formatted name of a collection or field (app/names.ts). */
export function formatName(name: string): string {
  return name
    .replace(/^directus_/, '')
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * Adds a value's strings. An HTML or Markdown value (a WYSIWYG body) shows as the text between its tags,
 * so its text pieces count too; an object's keys show in the JSON editor, so they count as well.
 */
function collectStrings(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    if (!value.trim()) return;
    into.add(value.trim());
    if (/<[a-z/!]/i.test(value) || value.includes('&')) {
      const decoded = value
        .replace(/&nbsp;/g, ' ')
        .replace(/&amp;/g, '&')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'");
      for (const piece of decoded.split(/<[^>]*>/)) if (piece.trim()) into.add(piece.trim());
    }
  } else if (Array.isArray(value)) {
    for (const entry of value) collectStrings(entry, into);
  } else if (value && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) {
      into.add(key);
      collectStrings(entry, into);
    }
  }
}

/** A user's initials as an avatar without a picture shows them. */
function initials(user: { first_name?: string | null; last_name?: string | null; email?: string }): string {
  const letters = [user.first_name, user.last_name].map((name) => name?.trim()?.[0] ?? '').join('');
  return (letters || user.email?.[0] || '').toUpperCase();
}

/**
 * Every string the database holds that the screens may show, read through the API as the signed-in
 * user: the content of every user collection, the names of collections and fields (and the names the
 * app formats from them), their notes, options and translations, users, roles, files, folders,
 * bookmarks, activity comments and the project's settings.
 */
export async function dataStrings(page: Page): Promise<string[]> {
  const strings = new Set<string>();
  const get = async (path: string) => (await api(page, 'GET', path)).data;
  const collections = ((await get('collections?limit=-1')) ?? []) as { collection: string }[];
  for (const entry of collections) {
    collectStrings(entry, strings);
    strings.add(formatName(entry.collection));
  }
  const fields = ((await get('fields?limit=-1')) ?? []) as { collection: string; field: string }[];
  for (const entry of fields) {
    // The system collections' fields are not data: their text is the `system-fields` catalogue.
    if (entry.collection.startsWith('directus_')) continue;
    collectStrings(entry, strings);
    strings.add(formatName(entry.field));
  }
  for (const { collection } of collections) {
    if (collection.startsWith('directus_')) continue;
    collectStrings(await get(`items/${collection}?limit=-1&fields=*.*`), strings);
  }
  for (const path of [
    'users?limit=-1',
    'roles?limit=-1',
    'files?limit=-1',
    'folders?limit=-1',
    'collection_presets?limit=-1',
    'activity?limit=-1',
    'settings?limit=-1',
  ]) {
    collectStrings(await get(path), strings);
  }
  const users = ((await get('users?limit=-1&fields=first_name,last_name,email')) ?? []) as {
    first_name?: string;
    last_name?: string;
    email?: string;
  }[];
  for (const user of users) {
    strings.add([user.first_name, user.last_name].filter(Boolean).join(' '));
    strings.add(initials(user));
  }
  // The project's key and the API's address (the settings home names them).
  strings.add('test');
  strings.add(new URL(`/test/`, page.url()).href);
  // The signed-in user's sessions are named after their browsers' user agents (brand names).
  const sessions = ((await get('users/me/sessions')) ?? []) as { user_agent?: string }[];
  for (const session of sessions) {
    // `HeadlessChrome` reads as `Headless Chrome`.
    const agent = session.user_agent?.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2') ?? '';
    for (const word of agent.match(/\p{L}+/gu) ?? []) strings.add(word);
  }
  return [...strings];
}
