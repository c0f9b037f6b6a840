import {
  createActor,
  fromCallback,
  fromPromise,
  SimulatedClock,
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type InspectionEvent,
} from 'xstate';
import { getAdjacencyMap, getStateNodes, serializeSnapshot } from 'xstate/graph';
import { requiredImplementations } from './implementations';
import type { MachineEntry } from './catalog';

/**
 * Model-based testing: explore a machine's graph with example events (xstate/graph), derive one path per
 * edge (the shortest path to the edge's source, then the edge), replay every path on a fresh actor whose
 * side effects are controllable fakes, and record which of the machine's transitions and states the replays
 * really took (from the actor's inspection events). A transition nobody took is a coverage gap.
 */

export interface ModelPath {
  input: string;
  events: AnyEventObject[];
  /** The snapshots the model predicts after each event. */
  expected: AnyMachineSnapshot[];
}

/** A stable name for a transition: source state, event, and its position among that event's candidates. */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const source = transition.source as AnyStateNode;
  const always = source.always ?? [];
  if (always.includes(transition)) return `${source.id} --always[${always.indexOf(transition)}]`;
  const candidates = source.transitions.get(transition.eventType) ?? [];
  return `${source.id} --${transition.eventType}[${candidates.indexOf(transition)}]`;
}

/** Every transition the machine declares (own `on`, invoke onDone/onError, `always`). */
export function allTransitionKeys(machine: AnyStateMachine): string[] {
  const nodes = [machine.root, ...getStateNodes(machine.root)] as AnyStateNode[];
  return nodes.flatMap((node) => [
    ...[...node.transitions.values()].flat().map(transitionKey),
    ...(node.always ?? []).map(transitionKey),
  ]);
}

export function allStateIds(machine: AnyStateMachine): string[] {
  return (getStateNodes(machine.root) as AnyStateNode[]).map((node) => node.id);
}

/** One path per edge of the explored graph, for every example input of the entry. */
export function modelPaths(entry: MachineEntry): ModelPath[] {
  const paths: ModelPath[] = [];
  for (const [inputName, input] of Object.entries(entry.inputs)) {
    const adjacency = getAdjacencyMap(entry.machine, {
      input,
      events: (snapshot: AnyMachineSnapshot) => entry.sampleEvents(snapshot),
      // Only events the state would act on: an ignored event is no edge.
      filterEvents: (snapshot: AnyMachineSnapshot, event: AnyEventObject) => snapshot.can(event),
    });
    // Breadth-first: the shortest event sequence reaching each explored state.
    const keys = Object.keys(adjacency) as (keyof typeof adjacency)[];
    const shortest = new Map<string, { events: AnyEventObject[]; expected: AnyMachineSnapshot[] }>();
    shortest.set(keys[0], { events: [], expected: [] });
    const queue = [keys[0]];
    while (queue.length) {
      const key = queue.shift()!;
      const here = shortest.get(key)!;
      for (const { event, state } of Object.values(adjacency[key].transitions)) {
        const next = serializeSnapshot(state as AnyMachineSnapshot);
        const path = {
          events: [...here.events, event],
          expected: [...here.expected, state as AnyMachineSnapshot],
        };
        paths.push({ input: inputName, ...path });
        if (!shortest.has(next) && next in adjacency) {
          shortest.set(next, path);
          queue.push(next as keyof typeof adjacency);
        }
      }
    }
    // A machine that starts in a settled state with no events still has its initial state checked.
    paths.push({ input: inputName, events: [], expected: [] });
  }
  // A path that is a prefix of another adds nothing: the longer replay checks every step of it.
  const signature = (p: ModelPath, length = p.events.length) =>
    p.input + JSON.stringify(p.events.slice(0, length));
  const properPrefixes = new Set(paths.flatMap((p) => p.events.map((_, length) => signature(p, length))));
  const kept = new Map<string, ModelPath>();
  for (const p of paths) if (!properPrefixes.has(signature(p))) kept.set(signature(p), p);
  return [...kept.values()];
}

interface Deferred {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  input: unknown;
}

export interface ReplayHooks {
  /** Handle an event in a machine-specific way (e.g. advance the clock); return true when handled. */
  execute?: (event: AnyEventObject, tools: { actor: AnyActorRef; clock: SimulatedClock }) => boolean;
}

export interface ReplayResult {
  transitions: Set<string>;
  states: Set<string>;
  /** Actions the machine asked the app to run, in order, with their params. */
  effects: { type: string; params: unknown }[];
}

/**
 * Fakes for everything the machine needs: promise actors wait until the replay settles them with the
 * path's `xstate.done.actor.*` / `xstate.error.actor.*` event; callback actors and actions only record.
 */
export function controllableImplementations(machine: AnyStateMachine) {
  const pending = new Map<string, Deferred>();
  const effects: { type: string; params: unknown }[] = [];
  const actors: Record<string, unknown> = {};
  const actions: Record<string, unknown> = {};
  for (const { name, kind } of requiredImplementations(machine)) {
    if (kind === 'promise') {
      actors[name] = fromPromise(
        ({ input }) => new Promise((resolve, reject) => pending.set(name, { resolve, reject, input })),
      );
    } else if (kind === 'callback') {
      actors[name] = fromCallback(() => () => {});
    } else {
      actions[name] = (_: unknown, params: unknown) => effects.push({ type: name, params });
    }
  }
  return { implementations: { actors, actions }, pending, effects };
}

async function settle() {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

function sameSnapshot(actual: AnyMachineSnapshot, expected: AnyMachineSnapshot) {
  return (
    JSON.stringify({ value: actual.value, context: actual.context }) ===
    JSON.stringify({ value: expected.value, context: expected.context })
  );
}

/** Replays a path on a fresh actor; throws when the actor leaves the model. */
export async function replayPath(
  entry: MachineEntry,
  path: ModelPath,
  hooks: ReplayHooks = {},
): Promise<ReplayResult> {
  const { implementations, pending, effects } = controllableImplementations(entry.machine);
  const transitions = new Set<string>();
  const states = new Set<string>();
  const clock = new SimulatedClock();
  const logic = entry.machine.provide(implementations as never);
  const actor = createActor(logic, {
    input: entry.inputs[path.input],
    clock,
    inspect: (inspection: InspectionEvent) => {
      if (inspection.type !== '@xstate.microstep') return;
      // Only the machine's own microsteps; the initial ones arrive while the actor is being created.
      if (inspection.rootId !== inspection.actorRef.sessionId) return;
      for (const t of inspection._transitions) {
        transitions.add(transitionKey(t));
        states.add((t.source as AnyStateNode).id);
      }
      for (const node of (inspection.snapshot as AnyMachineSnapshot)._nodes)
        if (node.parent) states.add(node.id);
    },
  });
  actor.start();
  await settle();
  const record = (snapshot: AnyMachineSnapshot) => {
    for (const node of snapshot._nodes) if (node.parent) states.add(node.id);
  };
  record(actor.getSnapshot());
  try {
    for (const [index, event] of path.events.entries()) {
      const doneId = event.type.startsWith('xstate.done.actor.') ? event.type.slice(18) : undefined;
      const errorId = event.type.startsWith('xstate.error.actor.') ? event.type.slice(19) : undefined;
      if (doneId || errorId) {
        const deferred = pending.get((doneId ?? errorId)!);
        if (!deferred) throw new Error(`no running actor "${doneId ?? errorId}" to settle`);
        pending.delete((doneId ?? errorId)!);
        if (doneId) deferred.resolve((event as { output?: unknown }).output);
        else deferred.reject((event as { error?: unknown }).error);
      } else if (!hooks.execute?.(event, { actor, clock })) {
        actor.send(event);
      }
      await settle();
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
      if (snapshot.status === 'error') throw snapshot.error;
      record(snapshot);
      if (!sameSnapshot(snapshot, path.expected[index])) {
        throw new Error(
          `after ${JSON.stringify(event)} the actor is in ${JSON.stringify(snapshot.value)} with ` +
            `${JSON.stringify(snapshot.context)}, the model expects ${JSON.stringify(path.expected[index].value)} ` +
            `with ${JSON.stringify(path.expected[index].context)}`,
        );
      }
    }
  } finally {
    actor.stop();
  }
  return { transitions, states, effects };
}

export function describePath(path: ModelPath): string {
  const steps = path.events.map((e) => e.type.replace(/^xstate\.(done|error)\.actor\./, '$1:'));
  return `[${path.input}] ${steps.join(' → ') || '(initial state)'}`;
}
