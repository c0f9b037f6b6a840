import type { AnyStateNode } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { machineCatalog } from '../../machines/catalog';
import { eventLabel, layoutMachine } from './layout';

describe('statechart layout', () => {
  it.each(machineCatalog.map((e) => [e.name, e] as const))(
    'draws every state and transition of %s',
    (_, entry) => {
      const diagram = layoutMachine(entry.machine);
      const stateIds = (getStateNodes(entry.machine.root) as AnyStateNode[]).map((n) => n.id);
      const drawn = new Set(diagram.nodes.map((n) => n.id));
      for (const id of [entry.machine.root.id, ...stateIds]) expect(drawn).toContain(id);

      const nodes = [entry.machine.root, ...getStateNodes(entry.machine.root)] as AnyStateNode[];
      const targeted = nodes.flatMap((node) =>
        [...[...node.transitions.values()].flat(), ...(node.always ?? [])].flatMap((t) =>
          (t.target ?? []).map((target: AnyStateNode) => `${node.id}->${target.id}`),
        ),
      );
      const edges = diagram.edges.filter((e) => e.label !== '').map((e) => `${e.source}->${e.target}`);
      expect(edges.sort()).toEqual(targeted.sort());

      for (const node of diagram.nodes) {
        expect(node.x).toBeGreaterThanOrEqual(0);
        expect(node.y).toBeGreaterThanOrEqual(0);
        expect(node.x + node.width).toBeLessThanOrEqual(diagram.width);
        expect(node.y + node.height).toBeLessThanOrEqual(diagram.height);
      }
    },
  );

  it('labels transitions with their event and guard', () => {
    const login = layoutMachine(machineCatalog.find((e) => e.name === 'login')!.machine);
    const labels = login.edges.map((e) => e.label);
    expect(labels).toContain('error: signIn [needsOneTimeCode]');
    expect(labels).toContain('error: signIn [needsTwoFactorSetup]');
    expect(labels).toContain('SUBMIT [hasCredentials]');
    expect(login.nodes.find((n) => n.id === 'login.idle')?.details).toEqual([
      'CLEAR_ERROR',
      'CHANGE_PROJECT',
    ]);
    expect(eventLabel('xstate.done.actor.loadItem')).toBe('done: loadItem');
  });

  it('draws compound states as clusters around their children', () => {
    const edit = layoutMachine(machineCatalog.find((e) => e.name === 'item-edit')!.machine);
    const editing = edit.nodes.find((n) => n.id === 'itemEdit.editing')!;
    expect(editing.kind).toBe('compound');
    for (const child of ['itemEdit.editing.pristine', 'itemEdit.editing.dirty']) {
      const box = edit.nodes.find((n) => n.id === child)!;
      expect(box.x).toBeGreaterThan(editing.x);
      expect(box.y).toBeGreaterThan(editing.y);
      expect(box.x + box.width).toBeLessThan(editing.x + editing.width);
      expect(box.y + box.height).toBeLessThan(editing.y + editing.height);
    }
  });
});
