import { assign, setup } from 'xstate';
import { promiseNotProvided, toCallError, type CallError } from './implementations';

/** What `GET /{project}/` tells the app about a project before anyone signs in (spec §3, Project). */
export interface ProjectInfo {
  project_name: string;
  project_color?: string | null;
  project_foreground?: string | null;
  project_background?: string | null;
  project_logo?: string | null;
  project_public_note?: string | null;
  default_locale?: string | null;
  telemetry?: boolean;
  authenticated?: boolean;
  requires2FA?: boolean;
  [key: string]: unknown;
}

export interface ProjectStatusInput {
  key: string;
}

export interface ProjectStatusContext {
  key: string;
  data: ProjectInfo | null;
  error: CallError | null;
}

export type ProjectStatusEvent = { type: 'RELOAD' };

/** One project's status: loading, then successful or failed (spec §4). */
export const projectStatusMachine = setup({
  types: {
    context: {} as ProjectStatusContext,
    events: {} as ProjectStatusEvent,
    input: {} as ProjectStatusInput,
  },
  actors: {
    fetchProjectInfo: promiseNotProvided<ProjectInfo, { key: string }>('projectStatus', 'fetchProjectInfo'),
  },
}).createMachine({
  id: 'projectStatus',
  context: ({ input }) => ({ key: input.key, data: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchProjectInfo',
        src: 'fetchProjectInfo',
        input: ({ context }) => ({ key: context.key }),
        onDone: {
          target: 'successful',
          actions: assign({ data: ({ event }) => event.output, error: null }),
        },
        onError: {
          target: 'failed',
          actions: assign({ data: null, error: ({ event }) => toCallError(event.error) }),
        },
      },
    },
    successful: {
      on: { RELOAD: 'loading' },
    },
    failed: {
      on: { RELOAD: 'loading' },
    },
  },
});
