import { describe, expect, it } from 'vitest';
import { findMachine, type MachineEntry } from './catalog';
import {
  allStateIds,
  allTransitionKeys,
  describePath,
  modelPaths,
  replayPath,
  type ReplayHooks,
  type ReplayResult,
} from './model-testing';

export interface CoverageGaps {
  states: string[];
  transitions: string[];
}

export function coverageGaps(entry: MachineEntry, results: ReplayResult[]): CoverageGaps {
  const states = new Set(results.flatMap((r) => [...r.states]));
  const transitions = new Set(results.flatMap((r) => [...r.transitions]));
  return {
    states: allStateIds(entry.machine).filter((id) => !states.has(id)),
    transitions: allTransitionKeys(entry.machine).filter((key) => !transitions.has(key)),
  };
}

/**
 * The generated suite of one machine: every path of its graph replays on a real actor, and together the
 * replays take every state and every transition the machine declares.
 */
export function describeModel(name: string, hooks: ReplayHooks = {}) {
  const entry = findMachine(name);
  if (!entry) throw new Error(`no machine "${name}" in the catalog`);
  const paths = modelPaths(entry);
  const results: ReplayResult[] = [];

  describe(`${entry.title}: model-based paths`, () => {
    it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_, path) => {
      results.push(await replayPath(entry, path, hooks));
    });

    it('covers every state and every transition of the machine', () => {
      expect(results).toHaveLength(paths.length);
      expect(coverageGaps(entry, results)).toEqual({ states: [], transitions: [] });
    });
  });
}
