import { createContext, useContext } from 'react';

/**
 * The engine's strings come from the app's message catalogue: the app provides a translate function
 * (ids such as `interfaces.rich.bold`, values for placeholders) and every engine component asks
 * `useEngineT()` for its words. Outside a provider the id itself is returned, which is what the
 * interface contract suite checks for: no English typed into a component.
 */
export type EngineTranslate = (id: string, values?: Record<string, string | number>) => string;

const passThrough: EngineTranslate = (id, values) =>
  values && Object.keys(values).length ? `${id} ${JSON.stringify(values)}` : id;

export const EngineTranslateContext = createContext<EngineTranslate>(passThrough);

export function useEngineT(): EngineTranslate {
  return useContext(EngineTranslateContext);
}

/**
 * The reader's locale and time zone, the one place the engine's dates, numbers and sizes take them from:
 * `locale` is the app's locale in effect (e.g. `de-DE`), `timeZone` the profile's zone (an IANA id; empty:
 * the browser's). Outside a provider both are undefined and Intl uses the runtime's defaults.
 */
export interface EngineLocale {
  locale?: string;
  timeZone?: string;
}

export const EngineLocaleContext = createContext<EngineLocale>({});

export function useEngineLocale(): string | undefined {
  return useContext(EngineLocaleContext).locale;
}

/** The reader's time zone (undefined: the browser's), for values that are instants. */
export function useEngineTimeZone(): string | undefined {
  return useContext(EngineLocaleContext).timeZone;
}
