import type { AnyActorRef } from 'xstate';

/**
 * The running app's actors that the statechart viewer can show. The app registers an actor when it starts
 * one (`registerLiveActor('login', actorRef)`) and calls the returned function when the actor goes away.
 * `name` is the machine's catalog name (machines/catalog.ts), e.g. 'login', 'item-edit'.
 */
export interface LiveActor {
  /** Unique per registration: the name, plus a counter when several actors of one machine run. */
  key: string;
  name: string;
  actor: AnyActorRef;
}

let live: readonly LiveActor[] = [];
let counter = 0;
const listeners = new Set<() => void>();

function publish(next: readonly LiveActor[]) {
  live = next;
  for (const listener of listeners) listener();
}

export function registerLiveActor(name: string, actor: AnyActorRef): () => void {
  counter += 1;
  const registration: LiveActor = { key: `${name}#${counter}`, name, actor };
  publish([...live, registration]);
  return () => publish(live.filter((entry) => entry !== registration));
}

/** The current registrations; the array changes identity on every change (for useSyncExternalStore). */
export function getLiveActors(): readonly LiveActor[] {
  return live;
}

export function subscribeLiveActors(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
