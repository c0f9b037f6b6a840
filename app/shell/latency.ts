import { createContext, useContext } from 'react';
import type { LatencySample } from '../state/hydrate';

/** The last 200 latency samples (spec §9). */
export const LATENCY_HISTORY = 200;

export interface LatencyStore {
  samples: LatencySample[];
  add(sample: LatencySample): void;
}

export const LatencyContext = createContext<LatencyStore>({ samples: [], add: () => {} });

export function useLatency(): LatencyStore {
  return useContext(LatencyContext);
}

/** Signal strength: under 200 ms 4, 200–500 3, 500–1000 2, 1000 or more 1, none (or failed) 0 (spec §9). */
export function signalStrength(latency: number | null | undefined): number {
  if (latency == null || latency < 0) return 0;
  if (latency < 200) return 4;
  if (latency < 500) return 3;
  if (latency < 1000) return 2;
  return 1;
}
