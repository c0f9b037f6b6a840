/**
 * `npm run statecharts`: writes every machine's diagram to docs/statecharts/<name>.svg, drawn by the same
 * layout and component as the statechart viewer.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { machineCatalog } from '../machines/catalog';
import { layoutMachine } from '../app/statecharts/layout';
import { MachineDiagram } from '../app/statecharts/MachineDiagram';

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'statecharts');
mkdirSync(outDir, { recursive: true });

for (const entry of machineCatalog) {
  const diagram = layoutMachine(entry.machine);
  const svg = renderToStaticMarkup(
    createElement(MachineDiagram, { diagram, title: entry.title, standalone: true }),
  );
  const file = join(outDir, `${entry.name}.svg`);
  writeFileSync(file, `<?xml version="1.0" encoding="UTF-8"?>\n${svg}\n`);
  console.log(`${file} (${diagram.nodes.length} nodes, ${diagram.edges.length} transitions)`);
}
