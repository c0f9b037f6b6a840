import type { Choice } from '../../ui';

/**
 * Interface `choices` options come as `{value: label}` (v8's key-value form), as a list of values,
 * or as a list of `{value, text|label}`. With `formatting` false, the raw values are shown.
 */
export function toChoices(choices: unknown, formatting = true): Choice[] {
  let list: Choice[] = [];
  if (Array.isArray(choices)) {
    list = choices.map((entry) =>
      entry !== null && typeof entry === 'object'
        ? {
            value: String((entry as Record<string, unknown>).value),
            label: String(
              (entry as Record<string, unknown>).text ??
                (entry as Record<string, unknown>).label ??
                (entry as Record<string, unknown>).value,
            ),
          }
        : { value: String(entry), label: String(entry) },
    );
  } else if (choices !== null && typeof choices === 'object') {
    list = Object.entries(choices as Record<string, unknown>).map(([value, label]) => ({
      value,
      label: String(label ?? value),
    }));
  }
  return formatting ? list : list.map((choice) => ({ ...choice, label: choice.value }));
}

/** A status_mapping object as a choice list, in its own order. */
export function statusChoices(mapping: unknown): Choice[] {
  if (mapping === null || typeof mapping !== 'object') return [];
  return Object.entries(mapping as Record<string, { name?: string; value?: unknown }>).map(
    ([key, entry]) => ({
      value: String(entry?.value ?? key),
      label: String(entry?.name ?? key),
    }),
  );
}
