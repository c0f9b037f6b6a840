/** Text ↔ JSON for the json editors: pretty printing, parsing with the place of the first error. */

export function toJsonText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return JSON.stringify(value, null, 2);
}

export interface JsonProblem {
  /** Offset in the text where parsing stopped. */
  position: number;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

export type ParsedJson = { ok: true; value: unknown } | { ok: false; problem: JsonProblem };

/** Line and column (both 1-based) of an offset in the text. */
export function lineAndColumn(text: string, position: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(position, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}

/**
 * Where a JSON text stops being valid: the offset of the first character a strict JSON reader
 * refuses (the end of the text for a truncated document), or -1 when the text is valid. The
 * engine's own messages do not always name a position, so the place is found by reading it.
 */
export function jsonErrorOffset(text: string): number {
  let at = 0;
  class Stop extends Error {}
  const fail = (): never => {
    throw new Stop();
  };
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at])) at++;
  };
  const literal = (word: string) => {
    for (const char of word) {
      if (text[at] !== char) fail();
      at++;
    }
  };
  const string = () => {
    at++; // the opening quote
    while (at < text.length) {
      const char = text[at];
      if (char === '"') {
        at++;
        return;
      }
      if (char < ' ') fail();
      if (char === '\\') {
        at++;
        const escape = text[at];
        if (escape === 'u') {
          for (let i = 1; i <= 4; i++) if (!/[0-9a-fA-F]/.test(text[at + i] ?? '')) fail();
          at += 5;
          continue;
        }
        if (!escape || !'"\\/bfnrt'.includes(escape)) fail();
      }
      at++;
    }
    fail();
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at));
    if (!match) fail();
    at += match![0].length;
  };
  const value = (): void => {
    space();
    const char = text[at];
    if (char === '{') {
      at++;
      space();
      if (text[at] === '}') {
        at++;
        return;
      }
      for (;;) {
        space();
        if (text[at] !== '"') fail();
        string();
        space();
        if (text[at] !== ':') fail();
        at++;
        value();
        space();
        if (text[at] === ',') {
          at++;
          continue;
        }
        if (text[at] === '}') {
          at++;
          return;
        }
        fail();
      }
    }
    if (char === '[') {
      at++;
      space();
      if (text[at] === ']') {
        at++;
        return;
      }
      for (;;) {
        value();
        space();
        if (text[at] === ',') {
          at++;
          continue;
        }
        if (text[at] === ']') {
          at++;
          return;
        }
        fail();
      }
    }
    if (char === '"') return string();
    if (char === 't') return literal('true');
    if (char === 'f') return literal('false');
    if (char === 'n') return literal('null');
    return number();
  };
  try {
    value();
    space();
    return at < text.length ? at : -1;
  } catch (error) {
    if (error instanceof Stop) return Math.min(at, text.length);
    throw error;
  }
}

/** Parses JSON text. Empty text is null; on an error, where it is (line and column). */
export function parseJsonText(text: string): ParsedJson {
  if (text.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    const found = jsonErrorOffset(text);
    const position = found < 0 ? text.length : found;
    return { ok: false, problem: { position, ...lineAndColumn(text, position) } };
  }
}

/** Two JSON values are the same when they print the same. */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}
