import { CHANGE_CLASSES } from './change.js';
import { describeEntry } from './diff-manifests.js';
import type { DiffReport, LocatedChange } from './diff-report.js';
import { TOKEN_METHOD, type ListSize } from '../core/index.js';

const number = (n: number) => n.toLocaleString('en-US');
const signed = (n: number) => `${n > 0 ? '+' : n < 0 ? '-' : '±'}${number(Math.abs(n))}`;

export function summaryLine(r: DiffReport): string {
  const total = r.changes.length;
  if (total === 0) return 'no changes to what clients see';
  return CHANGE_CLASSES.map((c) => `${r.counts[c]} ${c}`).join(', ');
}

/** `tools/list: 1,039 -> 1,004 bytes (-35), about 260 -> 251 tokens (-9)`: the cost every conversation pays. */
export function sizeLine(before: ListSize, after: ListSize): string {
  return (
    `tools/list: ${number(before.bytes)} -> ${number(after.bytes)} bytes (${signed(after.bytes - before.bytes)}), ` +
    `about ${number(before.tokens)} -> ${number(after.tokens)} tokens (${signed(after.tokens - before.tokens)}) in every conversation`
  );
}

export function formatDiffText(r: DiffReport): string {
  const out = [`mcp-gen diff ${r.base} -> ${r.head}: ${summaryLine(r)}`];
  for (const cls of CHANGE_CLASSES) {
    const group = r.changes.filter((c) => c.class === cls);
    if (group.length === 0) continue;
    out.push('', cls);
    const places = group.map((c) => where(c, r));
    const width = Math.max(...places.map((p) => p.length));
    group.forEach((c, i) => out.push(`  ${places[i].padEnd(width)}  ${describeEntry(c)}: ${c.message}  [${c.rule}]`));
  }
  out.push('', sizeLine(r.toolsList.before, r.toolsList.after), `(tokens estimated as ${TOKEN_METHOD})`);
  return `${out.join('\n')}\n`;
}

/** HEAD's file:line:column; for what HEAD no longer has, where it was in BASE. */
export function where(c: LocatedChange, r: DiffReport): string {
  if (c.side === 'base') return c.baseLine ? `${r.base}:${c.baseLine}:${c.baseColumn}` : r.base;
  return c.line > 0 ? `${r.head}:${c.line}:${c.column}` : r.head;
}
