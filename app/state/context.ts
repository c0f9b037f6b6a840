import { createContext } from 'react';
import type { AppData } from './types';
import type { NotificationRequest } from '../../machines/notifications.machine';

export interface AppDataStore {
  data: AppData;
  /** Immutable update of the hydrated data. */
  update(updater: (data: AppData) => AppData): void;
  /** Reloads collections, fields and relations. */
  refreshSchema(): Promise<void>;
}

export const AppDataContext = createContext<AppDataStore | null>(null);

export type Notify = (notification: NotificationRequest) => void;

export const NotifyContext = createContext<Notify>(() => {
  // Without the provider (isolated component tests) notifications go nowhere.
});
