import { createMachine } from 'xstate';
import { machineCatalog, type MachineEntry } from './catalog';
import { coverageGaps } from './model-suite';
import { allStateIds, allTransitionKeys, modelPaths, replayPath } from './model-testing';

const toggle = createMachine({
  id: 'toggle',
  initial: 'off',
  states: {
    off: { on: { FLIP: 'on' } },
    on: { on: { FLIP: 'off', BREAK: 'broken' } },
    broken: {},
  },
});

async function runAll(entry: MachineEntry) {
  return Promise.all(modelPaths(entry).map((path) => replayPath(entry, path)));
}

describe('model-based coverage', () => {
  it('lists every declared transition, including guarded alternatives and eventless ones', () => {
    const entry = machineCatalog.find((e) => e.name === 'upload')!;
    expect(allTransitionKeys(entry.machine)).toEqual(
      expect.arrayContaining([
        'upload.checking --always[0]',
        'upload.checking --always[1]',
        'upload.checking --always[2]',
        'upload.sending --PROGRESS[0]',
      ]),
    );
    expect(allStateIds(entry.machine)).toContain('upload.refused');
  });

  it('reports a state and a transition that no generated path reaches', async () => {
    const entry: MachineEntry = {
      name: 'toggle',
      title: 'Toggle',
      machine: toggle,
      inputs: { default: undefined },
      sampleEvents: () => [{ type: 'FLIP' }],
    };
    const gaps = coverageGaps(entry, await runAll(entry));
    expect(gaps).toEqual({ states: ['toggle.broken'], transitions: ['toggle.on --BREAK[0]'] });
  });

  it('is complete once an example event reaches the new state', async () => {
    const entry: MachineEntry = {
      name: 'toggle',
      title: 'Toggle',
      machine: toggle,
      inputs: { default: undefined },
      sampleEvents: () => [{ type: 'FLIP' }, { type: 'BREAK' }],
    };
    expect(coverageGaps(entry, await runAll(entry))).toEqual({ states: [], transitions: [] });
  });

  it('fails a replay when the actor disagrees with the model', async () => {
    const entry = machineCatalog.find((e) => e.name === 'sign-out')!;
    const [path] = modelPaths(entry).filter((p) => p.events.length > 1);
    const wrong = { ...path, expected: path.expected.map((s) => ({ ...s, value: 'nowhere' }) as typeof s) };
    await expect(replayPath(entry, wrong)).rejects.toThrow(/the model expects "nowhere"/);
  });
});
