import { assign, setup } from 'xstate';
import { pickAppLocale } from './locale-match';
import { actionNotProvided, promiseNotProvided, toCallError, type CallError } from './implementations';

export interface HydrationUser {
  id: number | string;
  locale?: string | null;
  [key: string]: unknown;
}

/** Step 1 of start-up: the projects and the current user, loaded together. */
export interface HydrationBasics {
  user: HydrationUser;
  projectDefaultLocale: string | null;
}

export interface HydrationInput {
  project: string;
  /** navigator.language, the last resort when neither the user nor the project names a locale. */
  browserLanguage: string;
  /** The locales that have a catalog; a wanted code is matched to one of them (none given: taken as is). */
  locales?: readonly string[];
}

export interface HydrationContext {
  project: string;
  browserLanguage: string;
  locales?: readonly string[];
  user: HydrationUser | null;
  locale: string | null;
  /** What step 3 loaded (schema, settings, extensions…): the app's to interpret. */
  loaded: unknown;
  /** The hydrated data the app renders from, assembled by the last step; replaced by UPDATE afterwards. */
  data: unknown;
  hydrated: boolean;
  /** Set when any step fails: the shell shows the server-error page (spec §2 Shell, §8). */
  hydrationFailed: boolean;
  error: CallError | null;
}

export type HydrationEvent =
  | { type: 'HYDRATE' }
  | { type: 'RETRY' }
  | { type: 'RESET' }
  /** A change of the hydrated data after start-up (a refreshed schema, a preset loaded on first use). */
  | { type: 'UPDATE'; data: unknown };

/** The user's locale, else the project's default_locale, else the browser language (spec §4 start-up). */
export function pickLanguage(
  user: HydrationUser | null,
  projectDefaultLocale: string | null,
  browserLanguage: string,
  locales?: readonly string[],
): string {
  if (!locales) return user?.locale || projectDefaultLocale || browserLanguage;
  // A code without a catalog (or not a locale at all) falls through to the next choice.
  return pickAppLocale([user?.locale, projectDefaultLocale, browserLanguage], locales);
}

/**
 * Start-up: projects and current user together, then the language, then latency, extensions, collections,
 * settings, bookmarks, users, relations and server info together (`loadData`), then permissions; then the
 * app is hydrated. Each step's actor returns what it loaded into the context, where the app reads it (the
 * machine is the one owner of the hydrated data). Any failure records "hydration failed".
 */
export const hydrationMachine = setup({
  types: {
    context: {} as HydrationContext,
    events: {} as HydrationEvent,
    input: {} as HydrationInput,
  },
  actors: {
    loadBasics: promiseNotProvided<HydrationBasics, { project: string }>('hydration', 'loadBasics'),
    loadData: promiseNotProvided<unknown, { project: string; locale: string; user: HydrationUser }>(
      'hydration',
      'loadData',
    ),
    loadPermissions: promiseNotProvided<unknown, { project: string; user: HydrationUser; loaded: unknown }>(
      'hydration',
      'loadPermissions',
    ),
  },
  actions: {
    applyLanguage: actionNotProvided('hydration', 'applyLanguage') as (
      _: unknown,
      params: { locale: string },
    ) => void,
    logFailure: actionNotProvided('hydration', 'logFailure') as (
      _: unknown,
      params: { error: CallError },
    ) => void,
    recordFailure: assign({
      hydrated: false,
      hydrationFailed: true,
      error: (_, params: { error: unknown }) => toCallError(params.error),
    }),
  },
}).createMachine({
  id: 'hydration',
  context: ({ input }) => ({
    project: input.project,
    browserLanguage: input.browserLanguage,
    locales: input.locales,
    user: null,
    locale: null,
    loaded: null,
    data: null,
    hydrated: false,
    hydrationFailed: false,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: { HYDRATE: 'loadingBasics' },
    },
    loadingBasics: {
      tags: ['busy'],
      invoke: {
        id: 'loadBasics',
        src: 'loadBasics',
        input: ({ context }) => ({ project: context.project }),
        onDone: {
          target: 'loadingData',
          actions: [
            assign({
              user: ({ event }) => event.output.user,
              locale: ({ event, context }) =>
                pickLanguage(
                  event.output.user,
                  event.output.projectDefaultLocale,
                  context.browserLanguage,
                  context.locales,
                ),
            }),
            { type: 'applyLanguage', params: ({ context }) => ({ locale: context.locale ?? '' }) },
          ],
        },
        onError: 'failed',
      },
    },
    loadingData: {
      tags: ['busy'],
      invoke: {
        id: 'loadData',
        src: 'loadData',
        input: ({ context }) => ({
          project: context.project,
          locale: context.locale ?? context.browserLanguage,
          user: context.user!,
        }),
        onDone: { target: 'loadingPermissions', actions: assign({ loaded: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    loadingPermissions: {
      tags: ['busy'],
      invoke: {
        id: 'loadPermissions',
        src: 'loadPermissions',
        input: ({ context }) => ({ project: context.project, user: context.user!, loaded: context.loaded }),
        onDone: {
          target: 'hydrated',
          actions: assign({ hydrated: true, loaded: null, data: ({ event }) => event.output }),
        },
        onError: 'failed',
      },
    },
    hydrated: {
      on: {
        UPDATE: { actions: assign({ data: ({ event }) => event.data }) },
        RESET: { target: 'idle', actions: assign({ hydrated: false, user: null, locale: null, data: null }) },
      },
    },
    failed: {
      entry: [
        {
          type: 'recordFailure',
          params: ({ event }) => ({ error: 'error' in event ? event.error : undefined }),
        },
        { type: 'logFailure', params: ({ context }) => ({ error: context.error! }) },
      ],
      on: {
        RETRY: { target: 'loadingBasics', actions: assign({ hydrationFailed: false, error: null }) },
        RESET: {
          target: 'idle',
          actions: assign({ hydrationFailed: false, error: null, user: null, locale: null, loaded: null }),
        },
      },
    },
  },
});
