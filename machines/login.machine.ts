import { assign, setup } from 'xstate';
import { actionNotProvided, promiseNotProvided, toCallError, type CallError } from './implementations';

/** v8 error codes that steer the login flow (spec §8). */
export const OTP_REQUIRED_CODE = 111;
export const TWO_FACTOR_SETUP_REQUIRED_CODE = 113;
export const OTP_LENGTH = 6;

export interface SignInRequest {
  project: string;
  email: string;
  password: string;
  mode: 'cookie';
  /** Sent only when exactly six characters were entered (spec §5). */
  otp?: string;
}

/** What the app learns right after signing in: the current user's last page, for the landing route. */
export interface SessionData {
  lastPage?: string | null;
}

export interface LoginInput {
  project: string;
  /** The `redirect` query of /login, if any. */
  redirect?: string | null;
}

export interface LoginContext {
  project: string;
  redirect: string | null;
  email: string;
  /** Cleared after every attempt so it never lingers in the snapshot. */
  password: string;
  otp: string;
  /** Turned on by error 111: the form shows the one-time-code input. */
  otpRequired: boolean;
  error: CallError | null;
  /** Where the app goes once signed in. */
  destination: string | null;
}

export type LoginEvent =
  | { type: 'SUBMIT'; email: string; password: string; otp?: string }
  | { type: 'CLEAR_ERROR' }
  | { type: 'CHANGE_PROJECT'; project: string };

/** After login: the redirect query, else the user's last page, else /{project}/collections (spec §2). */
export function landingRoute(project: string, redirect: string | null, lastPage: string | null | undefined) {
  return redirect || lastPage || `/${project}/collections`;
}

/** Login: idle, signing in, fetching data, entering the app; 111 asks for a one-time code, 113 for 2FA setup. */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
  },
  actors: {
    signIn: promiseNotProvided<unknown, SignInRequest>('login', 'signIn'),
    fetchSessionData: promiseNotProvided<SessionData, { project: string }>('login', 'fetchSessionData'),
  },
  actions: {
    enterApp: actionNotProvided('login', 'enterApp') as (_: unknown, params: { to: string }) => void,
    goToTwoFactorSetup: actionNotProvided('login', 'goToTwoFactorSetup') as (
      _: unknown,
      params: { project: string },
    ) => void,
    recordError: assign({
      error: (_, params: { error: unknown }) => toCallError(params.error),
      password: '',
      otp: '',
    }),
  },
  guards: {
    hasCredentials: ({ event }) =>
      event.type === 'SUBMIT' && event.email.trim() !== '' && event.password !== '',
    needsOneTimeCode: ({ event }) => 'error' in event && toCallError(event.error).code === OTP_REQUIRED_CODE,
    needsTwoFactorSetup: ({ event }) =>
      'error' in event && toCallError(event.error).code === TWO_FACTOR_SETUP_REQUIRED_CODE,
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    project: input.project,
    redirect: input.redirect ?? null,
    email: '',
    password: '',
    otp: '',
    otpRequired: false,
    error: null,
    destination: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        SUBMIT: {
          guard: 'hasCredentials',
          target: 'signingIn',
          actions: assign({
            email: ({ event }) => event.email.trim(),
            password: ({ event }) => event.password,
            otp: ({ event }) => event.otp ?? '',
            error: null,
          }),
        },
        CLEAR_ERROR: { actions: assign({ error: null }) },
        CHANGE_PROJECT: {
          actions: assign({ project: ({ event }) => event.project, otpRequired: false, error: null }),
        },
      },
    },
    signingIn: {
      tags: ['busy'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({
          project: context.project,
          email: context.email,
          password: context.password,
          mode: 'cookie' as const,
          ...(context.otp.length === OTP_LENGTH ? { otp: context.otp } : {}),
        }),
        onDone: { target: 'fetchingData', actions: assign({ password: '', otp: '' }) },
        onError: [
          {
            guard: 'needsOneTimeCode',
            target: 'idle',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              assign({ otpRequired: true }),
            ],
          },
          {
            guard: 'needsTwoFactorSetup',
            target: 'twoFactorSetup',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'idle',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    fetchingData: {
      tags: ['busy'],
      invoke: {
        id: 'fetchSessionData',
        src: 'fetchSessionData',
        input: ({ context }) => ({ project: context.project }),
        onDone: {
          target: 'enteringApp',
          actions: assign({
            destination: ({ context, event }) =>
              landingRoute(context.project, context.redirect, event.output.lastPage),
          }),
        },
        onError: {
          target: 'idle',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    enteringApp: {
      type: 'final',
      entry: {
        type: 'enterApp',
        params: ({ context }) => ({ to: context.destination ?? `/${context.project}/collections` }),
      },
    },
    twoFactorSetup: {
      type: 'final',
      entry: { type: 'goToTwoFactorSetup', params: ({ context }) => ({ project: context.project }) },
    },
  },
});
