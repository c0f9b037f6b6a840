import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useOptionalT, useT } from './index';
import type { CatalogueError } from './error-catalog';

/**
 * A failure as the user reads it, in their language: the error catalogue's message for the code the
 * server answered (`errors.<NAME>`, schemas/errors.json), and the server's own text beside it when
 * that says more than the catalogue's default (which field, which value). Network failures get the
 * catalogue's "could not reach" message. Until the catalogue's chunk has loaded, the app's own
 * message for the code (`errors.<code>`), else the server's text.
 */
export interface ErrorText {
  message: string;
  /** The server's more specific words (not translated: they come from the server as they are). */
  detail?: string;
}

type Lookup = (id: string, values?: Record<string, string | number>) => string | undefined;

let byCode: Map<number, CatalogueError[]> | null = null;
let loading: Promise<void> | null = null;

/** Loads the error catalogue's chunk once; resolves when its messages are registered. */
export function loadErrorCatalog(): Promise<void> {
  loading ??= import('./error-catalog').then(
    (module) => {
      byCode = module.errorsByCode;
    },
    (error: unknown) => {
      loading = null;
      console.warn('[i18n] the error catalogue failed to load; server messages are shown', error);
    },
  );
  return loading;
}

/** Which catalogue entry a code means: where two names share a code, the one whose default message the server sent. */
export function catalogueEntry(
  code: number,
  serverMessage: string,
  codes: Map<number, CatalogueError[]> | null = byCode,
): CatalogueError | undefined {
  const entries = codes?.get(code);
  if (!entries?.length) return undefined;
  return entries.find((entry) => entry.message === serverMessage) ?? entries[0];
}

/** Our own words for a failure without an answer (`toApiError`): not the server's, never shown as a detail. */
const CLIENT_MESSAGES = new Set(['Network error', '']);

export function describeError(
  error: unknown,
  text: Lookup,
  codes: Map<number, CatalogueError[]> | null = byCode,
): ErrorText {
  const failure = (error ?? {}) as { code?: unknown; message?: unknown; status?: unknown };
  const server = typeof failure.message === 'string' ? failure.message.trim() : String(error ?? '');
  const unknown = () => text('errors.unknown') ?? server;
  if (typeof failure.code !== 'number') return { message: server || unknown() };
  const code = failure.code;
  if (code === -1) {
    const message = text('errors.-1') ?? server;
    return CLIENT_MESSAGES.has(server) || server === message ? { message } : { message, detail: server };
  }
  const entry = catalogueEntry(code, server, codes);
  const message = (entry && text(`errors.${entry.name}`)) ?? text(`errors.${code}`) ?? (server || unknown());
  const said = !server || server === message || server === entry?.message;
  return said ? { message } : { message, detail: server };
}

/**
 * `errorText(error)`: a failure's message in the user's language, with the server's more specific
 * text after it (`errors.with_detail`). Loads the error catalogue on first use (the component renders
 * again when it arrives). The function keeps its identity, so effects may list it without running
 * again; it always answers with the latest catalogue.
 */
export function useErrorText(): (error: unknown) => string {
  const describe = useDescribeError();
  const t = useT();
  const latest = useRef({ describe, t });
  latest.current = { describe, t };
  return useCallback((error: unknown) => {
    const { message, detail } = latest.current.describe(error);
    return detail ? latest.current.t('errors.with_detail', { message, detail }) : message;
  }, []);
}

/** The same as parts, for a place that shows the detail on a line of its own. */
export function useDescribeError(): (error: unknown) => ErrorText {
  const text = useOptionalT();
  const [loaded, setLoaded] = useState(byCode !== null);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    void loadErrorCatalog().then(() => {
      if (live && byCode) setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, [loaded]);
  return useMemo(
    () => (error: unknown) => describeError(error, text, loaded ? byCode : null),
    [text, loaded],
  );
}
