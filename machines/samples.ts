import type { AnyEventObject, AnyStateMachine, InputFrom, SnapshotFrom } from 'xstate';
import type { EditField } from './item-edit.machine';

/**
 * A statechart with example inputs and example events (payloads included), kept beside each machine in
 * `<name>.samples.ts`. The model-based tests explore each machine with these events, the statechart viewer
 * offers them as buttons on a detached copy, and `npm run statecharts` draws the machines for the docs.
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

export function entry<TMachine extends AnyStateMachine>(e: MachineEntry<TMachine>): MachineEntry {
  return e as unknown as MachineEntry;
}

export const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output });
export const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });
export const networkFailure = { message: 'Failed to fetch' };
export const serverError = (code: number, message: string) => ({ error: { code, message } });

/** The example collection's fields (also used by the item-edit tests). */
export const catalogFields: EditField[] = [
  { field: 'id', type: 'integer', primary_key: true },
  { field: 'status', type: 'status' },
  { field: 'title', type: 'string' },
  { field: 'created_on', type: 'datetime_created' },
  { field: 'comments', type: 'o2m' },
];
