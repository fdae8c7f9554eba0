// docs/targets.md shows the feature x target matrix that validation reads (generator/core/target-matrix.ts): the
// table, and for each feature every target's cell with why and what to use instead, exactly as the code has them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Cell, TARGET_FEATURES, TARGET_NAMES, type TargetFeature } from '../../generator/core/index.js';
import { ROOT } from '../support/project.js';

const LABEL: Record<string, string> = { served: 'served', store: 'with `scale.store: redis`', node: 'node entry', refused: 'refused' };
const label = (cell: Cell) => LABEL[cell.kind === 'when' ? cell.condition : cell.kind];

function table(): string {
  const head = `| feature | manifest | ${TARGET_NAMES.join(' | ')} |\n|---|---|${TARGET_NAMES.map(() => '---|').join('')}`;
  const rows = TARGET_FEATURES.map((f) => `| ${f.title} | ${f.field} | ${TARGET_NAMES.map((t) => label(f.cells[t])).join(' | ')} |`);
  return [head, ...rows].join('\n');
}

function sentence(cell: Cell): string {
  switch (cell.kind) {
    case 'served':
      return cell.note ? `served (${cell.note}).` : 'served.';
    case 'refused':
      return `refused: ${cell.why}. Instead: ${cell.instead}.`;
    default:
      return cell.condition === 'store'
        ? `served with \`scale.store: redis\`; without it refused: ${cell.why}. Instead: ${cell.instead}.`
        : `served by the node entry, with node in targets; without node refused: ${cell.why}. Instead: ${cell.instead}.`;
  }
}

/** One bullet per run of targets with the same cell. */
function details(f: TargetFeature): string {
  const runs: { targets: string[]; cell: Cell }[] = [];
  for (const t of TARGET_NAMES) {
    const last = runs.at(-1);
    if (last && JSON.stringify(last.cell) === JSON.stringify(f.cells[t])) last.targets.push(t);
    else runs.push({ targets: [t], cell: f.cells[t] });
  }
  return [`### ${f.title}`, '', `${f.field}:`, '', ...runs.map((r) => `- ${r.targets.join(', ')}: ${sentence(r.cell)}`)].join('\n');
}

const doc = readFileSync(join(ROOT, 'docs', 'targets.md'), 'utf8');

describe('the matrix of docs/targets.md', () => {
  it('is the table generator/core/target-matrix.ts holds', () => {
    const start = doc.indexOf('| feature | manifest |');
    expect(doc.slice(start, doc.indexOf('\n\n', start))).toBe(table());
  });

  it("gives every feature's cells, with why and what to use instead, as the code has them", () => {
    const missing = TARGET_FEATURES.map(details).filter((block) => !doc.includes(`${block}\n`));
    expect(missing).toEqual([]);
  });

  it('has a column for every target and a row for every feature', () => {
    expect(table().split('\n')).toHaveLength(TARGET_FEATURES.length + 2);
    for (const f of TARGET_FEATURES) expect(Object.keys(f.cells).sort()).toEqual([...TARGET_NAMES].sort());
  });
});
