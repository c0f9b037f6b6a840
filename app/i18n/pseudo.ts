import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';

/**
 * The pseudo-locale: a tool for developers and translators, never offered in a picker. Its messages are
 * made from en-US when it is loaded: each message's text is accented (a → á), padded about 40 % longer
 * (the room a translation typically needs) and wrapped in ⟦…⟧, so a string that did not go through the
 * catalogue, or that a fixed width clips, shows at a glance. The transformation works on the parsed
 * message, so arguments, plural and select branches and rich-text tags stay what they were.
 * Its tag is `PSEUDO_LOCALE` (`./index.tsx`); `tests/e2e/pseudo-locale.e2e.test.ts` walks the app in it.
 */
export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

const ACCENTS: Record<string, string> = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'ð', e: 'ë', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'í', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ',
  n: 'ñ', o: 'ö', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'ü', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Á', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Í', J: 'Ĵ', K: 'Ķ', L: 'Ļ', M: 'Ṁ',
  N: 'Ñ', O: 'Ö', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Ü', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
}; // prettier-ignore

/** Words the padding is cut from: spaced, so a padded message still wraps where a translation would. */
const FILLER = ' ļöŕëɱ íþšüɱ ðöļöŕ šíţ áɱëţ çöñšëçţëţüŕ áðíþíšçíñĝ ëļíţ šëð ðö ëíüšɱöð ţëɱþöŕ';

export function accent(text: string): string {
  let out = '';
  for (const char of text) out += ACCENTS[char] ?? char;
  return out;
}

/** The padding for a text of `length` characters: about 40 % of it, at least one character. */
export function padding(length: number): string {
  const size = Math.max(1, Math.ceil(length * 0.4));
  let out = '';
  while (out.length < size) out += FILLER;
  return out.slice(0, size);
}

/** Accents the literal text of a parsed message in place; returns the length of its longest reading. */
function accentElements(elements: MessageFormatElement[]): number {
  let length = 0;
  for (const element of elements) {
    switch (element.type) {
      case TYPE.literal:
        element.value = accent(element.value);
        length += element.value.length;
        break;
      case TYPE.tag:
        length += accentElements(element.children);
        break;
      case TYPE.select:
      case TYPE.plural: {
        let longest = 0;
        for (const option of Object.values(element.options)) {
          longest = Math.max(longest, accentElements(option.value));
        }
        length += longest;
        break;
      }
      default:
        // Arguments, numbers, dates and `#` are the caller's values: they stay as they are.
        break;
    }
  }
  return length;
}

/** One message in the pseudo-locale (an empty one stays empty; one that does not parse is kept). */
export function pseudoMessage(message: string): string {
  if (!message) return message;
  let ast: MessageFormatElement[];
  try {
    ast = parse(message);
  } catch {
    return message;
  }
  const length = accentElements(ast);
  return printAST([
    { type: TYPE.literal, value: PSEUDO_OPEN },
    ...ast,
    { type: TYPE.literal, value: padding(length) + PSEUDO_CLOSE },
  ]);
}

/** A whole catalogue in the pseudo-locale. */
export function pseudoCatalog(catalog: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [id, message] of Object.entries(catalog)) out[id] = pseudoMessage(message);
  return out;
}
