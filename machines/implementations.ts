import { fromPromise, fromCallback, type AnyEventObject, type AnyStateMachine } from 'xstate';

/**
 * Every side effect of a machine is a named actor or action in its `setup(...)`. The defaults below fail
 * loudly so a machine that runs without its real implementations (`machine.provide(...)`) is noticed at once.
 * They carry a marker so tests and the statechart viewer can list what a machine needs and supply fakes.
 */
export class NotProvidedError extends Error {
  constructor(machine: string, implementation: string) {
    super(`${machine}: "${implementation}" was not provided; pass it with machine.provide(...)`);
    this.name = 'NotProvidedError';
  }
}

export type ImplementationKind = 'promise' | 'callback' | 'action';

const NOT_PROVIDED = Symbol.for('octavo.machines.notProvided');

function mark<T extends object>(target: T, kind: ImplementationKind): T {
  Object.defineProperty(target, NOT_PROVIDED, { value: kind });
  return target;
}

function kindOf(implementation: unknown): ImplementationKind | undefined {
  if (!implementation || (typeof implementation !== 'object' && typeof implementation !== 'function')) return;
  return (implementation as { [NOT_PROVIDED]?: ImplementationKind })[NOT_PROVIDED];
}

export function promiseNotProvided<TOutput, TInput = void>(machine: string, actor: string) {
  return mark(
    fromPromise<TOutput, TInput>(() => Promise.reject(new NotProvidedError(machine, actor))),
    'promise',
  );
}

export function callbackNotProvided<TEvent extends AnyEventObject, TInput = void>(
  machine: string,
  actor: string,
) {
  return mark(
    fromCallback<TEvent, TInput>(() => {
      throw new NotProvidedError(machine, actor);
    }),
    'callback',
  );
}

export function actionNotProvided(machine: string, action: string) {
  return mark(() => {
    throw new NotProvidedError(machine, action);
  }, 'action');
}

export interface RequiredImplementation {
  name: string;
  kind: ImplementationKind;
}

/** The actors and actions of a machine that the app must provide (its side effects). */
export function requiredImplementations(machine: AnyStateMachine): RequiredImplementation[] {
  const { actors = {}, actions = {} } = machine.implementations as {
    actors?: Record<string, unknown>;
    actions?: Record<string, unknown>;
  };
  return [...Object.entries(actors), ...Object.entries(actions)].flatMap(([name, implementation]) => {
    const kind = kindOf(implementation);
    return kind ? [{ name, kind }] : [];
  });
}

/** The `{ code, message }` of a failed call; `-1` when the API could not be reached (spec §8). */
export interface CallError {
  code: number;
  message: string;
}

export const NETWORK_ERROR_CODE = -1;

/** Accepts the v8 envelope `{ error: { code, message } }`, a bare `{ code, message }`, or a network failure. */
export function toCallError(error: unknown): CallError {
  if (error && typeof error === 'object') {
    const inner = (error as { error?: unknown }).error;
    const source = (inner && typeof inner === 'object' ? inner : error) as {
      code?: unknown;
      message?: unknown;
    };
    const code =
      typeof source.code === 'number' || typeof source.code === 'string' ? Number(source.code) : NaN;
    const message = typeof source.message === 'string' ? source.message : '';
    return { code: Number.isFinite(code) ? code : NETWORK_ERROR_CODE, message };
  }
  return { code: NETWORK_ERROR_CODE, message: typeof error === 'string' ? error : '' };
}
