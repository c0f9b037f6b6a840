import dagre from '@dagrejs/dagre';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/**
 * Lays out a machine as a statechart diagram with dagre: atomic states are boxes, compound states are
 * clusters with a header (their name and the events they handle without leaving), transitions are labelled
 * edges "EVENT [guard]". Text is measured with a fixed-width estimate so the same layout works in the browser
 * and in `npm run statecharts` (no DOM there).
 */

export interface DiagramNode {
  id: string;
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
  kind: 'atomic' | 'compound' | 'final' | 'initial-dot';
  /** Lines under the label: targetless transitions and invoked actors. */
  details: string[];
  tags: string[];
  depth: number;
  /** Compound states: the box at the top of the cluster holding the label and details. */
  header?: { x: number; y: number; width: number; height: number };
}

export interface DiagramEdge {
  id: string;
  source: string;
  target: string;
  label: string;
  points: { x: number; y: number }[];
  labelX: number;
  labelY: number;
  labelWidth: number;
}

export interface Diagram {
  id: string;
  width: number;
  height: number;
  nodes: DiagramNode[];
  edges: DiagramEdge[];
}

export const FONT_SIZE = 12;
export const CHAR_WIDTH = 7.3;
export const LINE_HEIGHT = 16;
const PAD = 10;

export function textWidth(text: string): number {
  return Math.ceil(text.length * CHAR_WIDTH);
}

/** "xstate.done.actor.signIn" → "done: signIn"; eventless → "always". */
export function eventLabel(eventType: string): string {
  if (eventType === '') return 'always';
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor) return `${actor[1]}: ${actor[2]}`;
  const after = /^xstate\.after\.(.+?)\./.exec(eventType);
  if (after) return `after ${after[1]}`;
  return eventType;
}

function guardLabel(transition: AnyTransitionDefinition): string {
  const guard = transition.guard as unknown;
  if (!guard) return '';
  if (typeof guard === 'string') return ` [${guard}]`;
  if (typeof guard === 'object' && guard && 'type' in guard)
    return ` [${String((guard as { type: unknown }).type)}]`;
  return ' [guard]';
}

export function transitionLabel(transition: AnyTransitionDefinition, always = false): string {
  return `${always ? 'always' : eventLabel(transition.eventType)}${guardLabel(transition)}`;
}

function children(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states) as AnyStateNode[];
}

function transitionsOf(node: AnyStateNode): { transition: AnyTransitionDefinition; always: boolean }[] {
  return [
    ...[...node.transitions.values()].flat().map((transition) => ({ transition, always: false })),
    ...(node.always ?? []).map((transition) => ({ transition, always: true })),
  ];
}

function isTargetless(transition: AnyTransitionDefinition) {
  return !transition.target || transition.target.length === 0;
}

function invokeLabels(node: AnyStateNode): string[] {
  return node.invoke.map((inv) => `invoke ${typeof inv.src === 'string' ? inv.src : inv.id}`);
}

/** The id the edges of a state attach to: the state itself, or a compound state's header box. */
const anchor = (node: AnyStateNode) => (children(node).length ? `${node.id}::header` : node.id);

function topLeft(box: { x: number; y: number; width: number; height: number }) {
  return { x: box.x - box.width / 2, y: box.y - box.height / 2, width: box.width, height: box.height };
}

export function layoutMachine(machine: AnyStateMachine): Diagram {
  const graph = new dagre.graphlib.Graph({ compound: true, multigraph: true });
  graph.setGraph({ rankdir: 'TB', nodesep: 28, ranksep: 44, edgesep: 12, marginx: 12, marginy: 12 });
  graph.setDefaultEdgeLabel(() => ({}));
  const info = new Map<string, Omit<DiagramNode, 'x' | 'y' | 'width' | 'height'>>();

  const visit = (node: AnyStateNode, parent: AnyStateNode | null, depth: number) => {
    const internal = transitionsOf(node)
      .filter(({ transition }) => isTargetless(transition))
      .map(({ transition, always }) => transitionLabel(transition, always));
    const details = [...invokeLabels(node), ...internal];
    const label = parent ? node.key : `${node.id} (machine)`;
    const lines = [label, ...details];
    const width = Math.max(64, ...lines.map(textWidth)) + PAD * 2;
    const height = lines.length * LINE_HEIGHT + PAD + (details.length ? 6 : 0);
    const tags = [...node.tags];
    if (children(node).length) {
      graph.setNode(node.id, {});
      graph.setNode(anchor(node), { width, height });
      graph.setParent(anchor(node), node.id);
      info.set(node.id, { id: node.id, label, kind: 'compound', details, tags, depth });
      info.set(anchor(node), { id: anchor(node), label, kind: 'compound', details, tags, depth });
      if (node.type !== 'parallel' && node.initial) {
        const dot = `${node.id}::initial`;
        graph.setNode(dot, { width: 12, height: 12 });
        graph.setParent(dot, node.id);
        info.set(dot, { id: dot, label: '', kind: 'initial-dot', details: [], tags: [], depth: depth + 1 });
        graph.setEdge(anchor(node), dot, { minlen: 1, weight: 4 }, `${dot}::pin`);
        for (const target of node.initial.target as AnyStateNode[]) {
          graph.setEdge(dot, anchor(target), { minlen: 1, weight: 4 }, `${dot}::edge`);
        }
      }
    } else {
      graph.setNode(node.id, { width, height });
      info.set(node.id, {
        id: node.id,
        label,
        kind: node.type === 'final' ? 'final' : 'atomic',
        details,
        tags,
        depth,
      });
    }
    if (parent) graph.setParent(node.id, parent.id);
    for (const child of children(node)) visit(child, node, depth + 1);
  };
  visit(machine.root, null, 0);

  const labels = new Map<string, { label: string; source: string; target: string }>();
  const addEdges = (node: AnyStateNode) => {
    transitionsOf(node).forEach(({ transition, always }, index) => {
      if (isTargetless(transition)) return;
      for (const target of transition.target as AnyStateNode[]) {
        const label = transitionLabel(transition, always);
        const name = `${node.id}::t${index}::${target.id}`;
        labels.set(name, { label, source: node.id, target: target.id });
        graph.setEdge(
          anchor(node),
          anchor(target),
          { width: textWidth(label) + 8, height: LINE_HEIGHT, labelpos: 'c' },
          name,
        );
      }
    });
    children(node).forEach(addEdges);
  };
  addEdges(machine.root);

  dagre.layout(graph);

  const nodes: DiagramNode[] = [];
  for (const id of graph.nodes()) {
    const meta = info.get(id);
    const box = graph.node(id) as { x: number; y: number; width: number; height: number };
    if (!meta || !box) continue;
    if (id.endsWith('::header')) continue;
    const header = meta.kind === 'compound' ? topLeft(graph.node(`${id}::header`)) : undefined;
    nodes.push({ ...meta, ...topLeft(box), ...(header ? { header } : {}) });
  }
  // Outer states first, so inner ones paint over them.
  nodes.sort((a, b) => a.depth - b.depth || Number(a.kind !== 'compound') - Number(b.kind !== 'compound'));
  const edges: DiagramEdge[] = graph.edges().flatMap((e) => {
    const data = graph.edge(e) as {
      points: { x: number; y: number }[];
      x?: number;
      y?: number;
      width?: number;
    };
    if (e.name?.endsWith('::pin')) return [];
    const described = e.name ? labels.get(e.name) : undefined;
    return [
      {
        id: e.name ?? `${e.v}->${e.w}`,
        source: described?.source ?? e.v,
        target: described?.target ?? e.w,
        label: described?.label ?? '',
        points: data.points,
        labelX: data.x ?? 0,
        labelY: data.y ?? 0,
        labelWidth: data.width ?? 0,
      },
    ];
  });
  const size = graph.graph() as { width?: number; height?: number };
  return {
    id: machine.id,
    width: Math.ceil(size.width ?? 0),
    height: Math.ceil(size.height ?? 0),
    nodes,
    edges,
  };
}
