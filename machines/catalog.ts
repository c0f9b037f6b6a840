import type { AnyEventObject, AnyStateMachine, InputFrom, SnapshotFrom } from 'xstate';
import { hydrationMachine } from './hydration.machine';
import { itemEditMachine, type EditField } from './item-edit.machine';
import { itemListMachine } from './item-list.machine';
import { loginMachine } from './login.machine';
import { notificationsMachine } from './notifications.machine';
import { projectStatusMachine } from './project-status.machine';
import { signOutMachine } from './sign-out.machine';
import { uploadMachine } from './upload.machine';

/**
 * Every statechart of the app, with example inputs and example events (payloads included). The model-based
 * tests explore each machine with these events, the statechart viewer offers them as buttons on a detached
 * copy, and `npm run statecharts` draws the machines for the docs.
 */
export interface MachineEntry<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** The file stem: machines/<name>.machine.ts, docs/statecharts/<name>.svg. */
  name: string;
  title: string;
  machine: TMachine;
  /** Named example inputs; the first one is the default. Several are needed when a branch depends on input. */
  inputs: Record<string, InputFrom<TMachine>>;
  /** Example events for a snapshot; events a state handles but that are not listed here are sent bare. */
  sampleEvents: (snapshot: SnapshotFrom<TMachine>) => AnyEventObject[];
}

function entry<TMachine extends AnyStateMachine>(e: MachineEntry<TMachine>): MachineEntry {
  return e as unknown as MachineEntry;
}

const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });
const networkFailure = { message: 'Failed to fetch' };
const serverError = (code: number, message: string) => ({ error: { code, message } });

/** The example collection's fields (also used by the item-edit tests). */
export const catalogFields: EditField[] = [
  { field: 'id', type: 'integer', primary_key: true },
  { field: 'status', type: 'status' },
  { field: 'title', type: 'string' },
  { field: 'created_on', type: 'datetime_created' },
  { field: 'comments', type: 'o2m' },
];

export const machineCatalog: MachineEntry[] = [
  entry({
    name: 'hydration',
    title: 'Start-up hydration',
    machine: hydrationMachine,
    inputs: { default: { project: 'demo', browserLanguage: 'en-US' } },
    sampleEvents: () => [
      { type: 'HYDRATE' },
      { type: 'RETRY' },
      { type: 'RESET' },
      done('loadBasics', { user: { id: 1, locale: 'de-DE' }, projectDefaultLocale: 'fr-FR' }),
      failed('loadBasics', networkFailure),
      done('loadData'),
      failed('loadData', serverError(11, 'Can Not Reach Database')),
      done('loadPermissions'),
      failed('loadPermissions', serverError(11, 'Can Not Reach Database')),
    ],
  }),
  entry({
    name: 'project-status',
    title: 'Project status',
    machine: projectStatusMachine,
    inputs: { default: { key: 'demo' } },
    sampleEvents: () => [
      { type: 'RELOAD' },
      done('fetchProjectInfo', { project_name: 'Demo', requires2FA: false }),
      failed('fetchProjectInfo', serverError(11, 'Can Not Reach Database')),
    ],
  }),
  entry({
    name: 'login',
    title: 'Login',
    machine: loginMachine,
    inputs: {
      default: { project: 'demo', redirect: null },
      redirected: { project: 'demo', redirect: '/demo/files' },
    },
    sampleEvents: () => [
      { type: 'SUBMIT', email: 'admin@example.com', password: 'password' },
      { type: 'SUBMIT', email: 'admin@example.com', password: 'password', otp: '123456' },
      { type: 'SUBMIT', email: 'admin@example.com', password: '' },
      { type: 'CLEAR_ERROR' },
      { type: 'CHANGE_PROJECT', project: 'other' },
      done('signIn', {}),
      failed('signIn', serverError(111, 'Enter One-Time Password')),
      failed('signIn', serverError(113, '2FA enforced but not activated for user')),
      failed('signIn', serverError(100, 'Incorrect Email/Password')),
      failed('signIn', networkFailure),
      done('fetchSessionData', { lastPage: '/demo/collections/articles' }),
      done('fetchSessionData', { lastPage: null }),
      failed('fetchSessionData', networkFailure),
    ],
  }),
  entry({
    name: 'item-list',
    title: 'Item list',
    machine: itemListMachine,
    inputs: { default: { params: { limit: 2, sort: 'id' } } },
    sampleEvents: (snapshot) => [
      { type: 'FETCH', params: { limit: 2, sort: 'id', q: 'news' } },
      { type: 'LOAD_MORE' },
      ...(snapshot.matches('lazyLoading')
        ? [done('fetchPage', { data: [{ id: 3 }, { id: 4 }] }), done('fetchPage', { data: [] })]
        : [done('fetchPage', { data: [{ id: 1 }, { id: 2 }], meta: { filter_count: 4 } })]),
      failed('fetchPage', serverError(11, 'Can Not Reach Database')),
    ],
  }),
  entry({
    name: 'item-edit',
    title: 'Item edit',
    machine: itemEditMachine,
    inputs: {
      existing: { collection: 'articles', primaryKey: 1, fields: catalogFields },
      new: { collection: 'articles', primaryKey: '+', fields: catalogFields, defaults: { status: 'draft' } },
    },
    sampleEvents: (snapshot) => [
      { type: 'STAGE', field: 'title', value: 'Changed' },
      { type: 'STAGE', field: 'title', value: 'Hello' },
      { type: 'SAVE', mode: 'stay' },
      { type: 'SAVE', mode: 'leave' },
      { type: 'SAVE', mode: 'add' },
      { type: 'SAVE', mode: 'copy' },
      { type: 'LEAVE', to: '/demo/collections/articles' },
      { type: 'KEEP_EDITING' },
      { type: 'DISCARD' },
      { type: 'DELETE' },
      { type: 'CONFIRM_DELETE' },
      { type: 'CANCEL_DELETE' },
      { type: 'RETRY' },
      done('loadItem', {
        id: snapshot.context.primaryKey,
        status: 'published',
        title: 'Hello',
        created_on: '2024-05-01 10:00:00',
        comments: [7],
      }),
      failed('loadItem', serverError(203, 'Item not found')),
      failed('loadItem', serverError(11, 'Can Not Reach Database')),
      done('saveItem', { id: 2, status: 'published', title: 'Changed' }),
      failed('saveItem', serverError(4, 'Invalid payload')),
      done('deleteItem'),
      failed('deleteItem', serverError(3, 'Forbidden')),
    ],
  }),
  entry({
    name: 'upload',
    title: 'File upload',
    machine: uploadMachine,
    inputs: {
      accepted: {
        file: { name: 'photo.jpg', size: 1000, type: 'image/jpeg' },
        maxUploadSize: 5000,
        accept: ['image/*'],
      },
      tooLarge: {
        file: { name: 'movie.jpg', size: 9000, type: 'image/jpeg' },
        maxUploadSize: 5000,
        accept: null,
      },
      wrongType: {
        file: { name: 'notes.txt', size: 10, type: 'text/plain' },
        maxUploadSize: 5000,
        accept: ['image/*'],
      },
    },
    sampleEvents: () => [
      { type: 'PROGRESS', loaded: 50, total: 100 },
      { type: 'PROGRESS', loaded: 100, total: 100 },
      { type: 'SENT', file: { id: 7, filename_download: 'photo.jpg' } },
      { type: 'FAILED', error: serverError(4, 'Upload failed') },
      { type: 'RETRY' },
      { type: 'CANCEL' },
    ],
  }),
  entry({
    name: 'sign-out',
    title: 'Sign-out',
    machine: signOutMachine,
    inputs: { default: { project: 'demo' } },
    sampleEvents: () => [
      { type: 'REQUEST' },
      { type: 'CONFIRM' },
      { type: 'CANCEL' },
      { type: 'SIGN_OUT_NOW' },
      { type: 'RETRY' },
      done('logout'),
      failed('logout', networkFailure),
      done('reloadProjects'),
      failed('reloadProjects', networkFailure),
    ],
  }),
  entry({
    name: 'notifications',
    title: 'Notifications',
    machine: notificationsMachine,
    inputs: { default: undefined },
    sampleEvents: (snapshot) => {
      const { notifications, nextId } = snapshot.context;
      // Three notifications per walk keep the explored graph finite; one timed at a time keeps timers distinct.
      const canAdd = nextId <= 3;
      const timedShown = notifications.some((n) => n.delay > 0);
      return [
        ...(canAdd && !timedShown
          ? [{ type: 'NOTIFY', notification: { title: 'Item saved', delay: 3000 } }]
          : []),
        ...(canAdd
          ? [
              {
                type: 'NOTIFY',
                notification: { title: 'Save failed', color: 'danger', delay: 0, action: 'retry' },
              },
            ]
          : []),
        ...notifications.flatMap((n) => [
          { type: 'DISMISS', id: n.id },
          { type: 'ACTION', id: n.id },
          ...(n.delay > 0 ? [{ type: 'EXPIRE', id: n.id }] : []),
        ]),
      ];
    },
  }),
];

export function findMachine(name: string): MachineEntry | undefined {
  return machineCatalog.find((e) => e.name === name);
}
