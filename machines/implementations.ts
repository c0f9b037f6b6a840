import { fromPromise, fromCallback, type AnyEventObject } from 'xstate';

/**
 * Every side effect of a machine is a named actor or action in its `setup(...)`. The defaults below fail
 * loudly so a machine that runs without its real implementations (`machine.provide(...)`) is noticed at once.
 */
export class NotProvidedError extends Error {
  constructor(machine: string, implementation: string) {
    super(`${machine}: "${implementation}" was not provided; pass it with machine.provide(...)`);
    this.name = 'NotProvidedError';
  }
}

export function promiseNotProvided<TOutput, TInput = void>(machine: string, actor: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new NotProvidedError(machine, actor)));
}

export function callbackNotProvided<TEvent extends AnyEventObject, TInput = void>(machine: string, actor: string) {
  return fromCallback<TEvent, TInput>(() => {
    throw new NotProvidedError(machine, actor);
  });
}

export function actionNotProvided(machine: string, action: string) {
  return () => {
    throw new NotProvidedError(machine, action);
  };
}

/** The `{ code, message }` of a failed call; `-1` when the API could not be reached (spec §8). */
export interface CallError {
  code: number;
  message: string;
}

export const NETWORK_ERROR_CODE = -1;

export function toCallError(error: unknown): CallError {
  if (error && typeof error === 'object') {
    const source = 'error' in error && error.error && typeof error.error === 'object' ? error.error : error;
    const code = 'code' in source ? Number(source.code) : NaN;
    const message = 'message' in source && typeof source.message === 'string' ? source.message : '';
    if (Number.isFinite(code)) return { code, message };
    return { code: NETWORK_ERROR_CODE, message };
  }
  return { code: NETWORK_ERROR_CODE, message: typeof error === 'string' ? error : '' };
}
