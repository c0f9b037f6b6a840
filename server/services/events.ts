import { EventEmitter } from 'node:events';
import type { Accountability, ProjectContext } from '../context';

/** What happened to items, emitted only after the transaction that did it has committed. */
export interface ItemEvent {
  project: ProjectContext;
  /** `create`, `update` or `delete` (v8's webhook actions). */
  action: 'create' | 'update' | 'delete';
  collection: string;
  /** Primary keys of the items concerned. */
  keys: Array<string | number>;
  /** The written payload (create/update) as the caller sent it, after server-filled fields. */
  payload?: Record<string, unknown> | Array<Record<string, unknown>>;
  accountability: Accountability;
}

export interface OctavoEvents {
  item: [ItemEvent];
  /** A collection, field or relation changed; caches of the project's schema are stale. */
  schema: [{ projectKey: string }];
}

/**
 * The process's event bus. Listeners run after the response's data is committed and must never
 * throw into the writer: an emitter error is caught and logged by the listener itself.
 */
class EventBus extends EventEmitter<OctavoEvents> {}

export const events = new EventBus();
events.setMaxListeners(50);

export function emitItemEvent(event: ItemEvent): void {
  // Deferred so listeners never run inside the writer's request handling.
  setImmediate(() => events.emit('item', event));
}
