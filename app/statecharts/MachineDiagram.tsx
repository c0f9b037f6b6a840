import type { Diagram, DiagramEdge, DiagramNode } from './layout';
import { FONT_SIZE, LINE_HEIGHT } from './layout';

/**
 * Draws a laid-out statechart as SVG. Colours are presentation attributes (no style attributes), so the
 * markup renders the same under a strict CSP, in the browser and as a standalone .svg file.
 */

const COLORS = {
  text: '#263238',
  muted: '#607d8b',
  border: '#90a4ae',
  compound: ['#f5f7f8', '#eceff1', '#e3e8eb'],
  atomic: '#ffffff',
  edge: '#78909c',
  active: '#1e88e5',
  activeFill: '#e3f2fd',
  label: '#ffffff',
};

/** A smooth path through every point (Catmull-Rom as cubic Béziers), so labels stay on their edge. */
function curve(points: { x: number; y: number }[]): string {
  if (points.length === 0) return '';
  let d = `M${points[0].x},${points[0].y}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[i - 1] ?? points[i];
    const p1 = points[i];
    const p2 = points[i + 1];
    const p3 = points[i + 2] ?? p2;
    const c1 = { x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6 };
    const c2 = { x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6 };
    d += ` C${c1.x},${c1.y} ${c2.x},${c2.y} ${p2.x},${p2.y}`;
  }
  return d;
}

function Lines({
  x,
  y,
  label,
  details,
  active,
}: {
  x: number;
  y: number;
  label: string;
  details: string[];
  active: boolean;
}) {
  return (
    <>
      <text x={x} y={y + LINE_HEIGHT - 3} fontWeight="bold" fill={active ? COLORS.active : COLORS.text}>
        {label}
      </text>
      {details.map((line, i) => (
        <text key={i} x={x} y={y + LINE_HEIGHT * (i + 2) + 3} fill={COLORS.muted}>
          {line}
        </text>
      ))}
    </>
  );
}

function StateBox({ node, active }: { node: DiagramNode; active: boolean }) {
  const stroke = active ? COLORS.active : COLORS.border;
  const strokeWidth = active ? 2.5 : 1;
  if (node.kind === 'initial-dot') {
    return <circle cx={node.x + node.width / 2} cy={node.y + node.height / 2} r={5} fill={COLORS.text} />;
  }
  if (node.kind === 'compound') {
    const header = node.header ?? node;
    return (
      <g data-state={node.id} data-active={active || undefined}>
        <rect
          x={node.x}
          y={node.y}
          width={node.width}
          height={node.height}
          rx={10}
          fill={COLORS.compound[node.depth % COLORS.compound.length]}
          stroke={stroke}
          strokeWidth={strokeWidth}
          strokeDasharray={node.depth === 0 ? '6 4' : undefined}
        />
        <Lines x={header.x + 8} y={header.y + 2} label={node.label} details={node.details} active={active} />
      </g>
    );
  }
  return (
    <g data-state={node.id} data-active={active || undefined}>
      <rect
        x={node.x}
        y={node.y}
        width={node.width}
        height={node.height}
        rx={8}
        fill={active ? COLORS.activeFill : COLORS.atomic}
        stroke={stroke}
        strokeWidth={strokeWidth}
      />
      {node.kind === 'final' && (
        <rect
          x={node.x + 3}
          y={node.y + 3}
          width={node.width - 6}
          height={node.height - 6}
          rx={6}
          fill="none"
          stroke={stroke}
        />
      )}
      {node.details.length > 0 && (
        <line
          x1={node.x}
          x2={node.x + node.width}
          y1={node.y + LINE_HEIGHT + 6}
          y2={node.y + LINE_HEIGHT + 6}
          stroke={COLORS.border}
          strokeWidth={0.5}
        />
      )}
      <Lines x={node.x + 10} y={node.y + 3} label={node.label} details={node.details} active={active} />
    </g>
  );
}

function Transition({ edge, marker }: { edge: DiagramEdge; marker: string }) {
  return (
    <g data-transition={edge.id}>
      <path
        d={curve(edge.points)}
        fill="none"
        stroke={COLORS.edge}
        strokeWidth={1.2}
        markerEnd={`url(#${marker})`}
      />
      {edge.label && (
        <>
          <rect
            x={edge.labelX - edge.labelWidth / 2}
            y={edge.labelY - LINE_HEIGHT / 2 - 1}
            width={edge.labelWidth}
            height={LINE_HEIGHT + 2}
            rx={3}
            fill={COLORS.label}
            stroke="#cfd8dc"
            strokeWidth={0.5}
          />
          <text x={edge.labelX} y={edge.labelY + 4} textAnchor="middle" fill={COLORS.text}>
            {edge.label}
          </text>
        </>
      )}
    </g>
  );
}

export interface MachineDiagramProps {
  diagram: Diagram;
  /** Ids of the active state nodes (snapshot._nodes) to highlight. */
  active?: ReadonlySet<string>;
  title?: string;
  /** A file of its own: adds the SVG namespace and a white background. */
  standalone?: boolean;
  /** Scale down to the container's width (never up). */
  fit?: boolean;
}

export function MachineDiagram({ diagram, active, title, standalone, fit }: MachineDiagramProps) {
  const marker = `arrow-${diagram.id}`;
  return (
    <svg
      xmlns={standalone ? 'http://www.w3.org/2000/svg' : undefined}
      viewBox={`0 0 ${diagram.width} ${diagram.height}`}
      width={fit ? '100%' : diagram.width}
      height={fit ? undefined : diagram.height}
      style={fit ? { maxWidth: diagram.width } : undefined}
      fontFamily="ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace"
      fontSize={FONT_SIZE}
      role="img"
      aria-label={title ?? diagram.id}
    >
      <title>{title ?? diagram.id}</title>
      <defs>
        <marker
          id={marker}
          viewBox="0 0 10 10"
          refX={9}
          refY={5}
          markerWidth={7}
          markerHeight={7}
          orient="auto-start-reverse"
        >
          <path d="M0,0 L10,5 L0,10 z" fill={COLORS.edge} />
        </marker>
      </defs>
      {standalone && <rect width={diagram.width} height={diagram.height} fill="#ffffff" />}
      {diagram.nodes
        .filter((n) => n.kind === 'compound')
        .map((node) => (
          <StateBox key={node.id} node={node} active={active?.has(node.id) ?? false} />
        ))}
      {diagram.edges.map((edge) => (
        <Transition key={edge.id} edge={edge} marker={marker} />
      ))}
      {diagram.nodes
        .filter((n) => n.kind !== 'compound')
        .map((node) => (
          <StateBox key={node.id} node={node} active={active?.has(node.id) ?? false} />
        ))}
    </svg>
  );
}
