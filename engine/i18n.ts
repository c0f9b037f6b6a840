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
 * The locale in effect (the app's, e.g. `de-DE`): dates, numbers and sizes in the engine are written in
 * it. Outside a provider it is undefined and Intl uses the runtime's default.
 */
export const EngineLocaleContext = createContext<string | undefined>(undefined);

export function useEngineLocale(): string | undefined {
  return useContext(EngineLocaleContext);
}
