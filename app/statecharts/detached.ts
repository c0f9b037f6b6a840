import {
  createActor,
  fromCallback,
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
} from 'xstate';
import type { MachineEntry } from '../../machines/catalog';
import { requiredImplementations } from '../../machines/implementations';

/**
 * A detached copy of a machine for the viewer: its side effects are inert (actors never finish on their own,
 * actions do nothing), so the developer drives it by sending events, including the actors' done/error events.
 */
export function detachedLogic(entry: MachineEntry): AnyStateMachine {
  const actors: Record<string, unknown> = {};
  const actions: Record<string, unknown> = {};
  for (const { name, kind } of requiredImplementations(entry.machine)) {
    if (kind === 'action') actions[name] = () => {};
    else actors[name] = fromCallback(() => () => {});
  }
  return entry.machine.provide({ actors, actions } as never);
}

export function createDetachedActor(entry: MachineEntry, inputName: string): AnyActorRef {
  return createActor(detachedLogic(entry), { input: entry.inputs[inputName] });
}

/** The example events the snapshot would act on, each with a readable, unique label. */
export function enabledEvents(
  entry: MachineEntry,
  snapshot: AnyMachineSnapshot,
): { label: string; event: AnyEventObject }[] {
  if (snapshot.status !== 'active') return [];
  const events = entry.sampleEvents(snapshot).filter((event) => snapshot.can(event));
  return events.map((event) => {
    const { type, ...payload } = event;
    const name = type.replace(/^xstate\.(done|error)\.actor\./, '$1: ');
    const detail = Object.keys(payload).length ? ` ${JSON.stringify(payload)}` : '';
    return { label: `${name}${detail}`, event };
  });
}

export function activeStateIds(snapshot: AnyMachineSnapshot | undefined): Set<string> {
  return new Set((snapshot?._nodes ?? []).map((node) => node.id));
}
