import { assign, setup } from 'xstate';
import { actionNotProvided, promiseNotProvided, toCallError, type CallError } from './implementations';

export interface SignOutInput {
  project: string;
}

export interface SignOutContext {
  project: string;
  error: CallError | null;
}

export type SignOutEvent =
  | { type: 'REQUEST' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  /** The /logout route signs out without asking. */
  | { type: 'SIGN_OUT_NOW' }
  | { type: 'RETRY' };

/**
 * Sign-out: confirm, call logout, mark the project unauthenticated, reset the app's state, reload the
 * projects, go to /login (spec §4). A failed reload still ends at /login: the login page shows the project
 * error. A failed logout call leaves the session as it was and says so.
 */
export const signOutMachine = setup({
  types: {
    context: {} as SignOutContext,
    events: {} as SignOutEvent,
    input: {} as SignOutInput,
  },
  actors: {
    logout: promiseNotProvided<void, { project: string }>('signOut', 'logout'),
    reloadProjects: promiseNotProvided<void, void>('signOut', 'reloadProjects'),
  },
  actions: {
    markUnauthenticated: actionNotProvided('signOut', 'markUnauthenticated') as (
      _: unknown,
      params: { project: string },
    ) => void,
    resetState: actionNotProvided('signOut', 'resetState'),
    goToLogin: actionNotProvided('signOut', 'goToLogin'),
  },
}).createMachine({
  id: 'signOut',
  context: ({ input }) => ({ project: input.project, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { REQUEST: 'confirming', SIGN_OUT_NOW: 'loggingOut' },
    },
    confirming: {
      on: { CONFIRM: 'loggingOut', CANCEL: 'idle' },
    },
    loggingOut: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ project: context.project }),
        onDone: {
          target: 'reloadingProjects',
          actions: [
            { type: 'markUnauthenticated', params: ({ context }) => ({ project: context.project }) },
            'resetState',
          ],
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toCallError(event.error) }) },
      },
    },
    reloadingProjects: {
      tags: ['busy'],
      invoke: {
        id: 'reloadProjects',
        src: 'reloadProjects',
        onDone: { target: 'idle', actions: 'goToLogin' },
        onError: { target: 'idle', actions: 'goToLogin' },
      },
    },
    failed: {
      on: { RETRY: 'loggingOut', CANCEL: 'idle' },
    },
  },
});
