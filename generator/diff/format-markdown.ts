// A pull-request comment: breaking and risky changes in tables, safe ones folded away, then the size of
// tools/list before and after.
import type { ChangeClass } from './change.js';
import { describeEntry } from './diff-manifests.js';
import type { DiffReport, LocatedChange } from './diff-report.js';
import { summaryLine } from './format-text.js';
import { TOKEN_METHOD } from '../core/index.js';

const TITLES: Record<ChangeClass, string> = {
  breaking: 'Breaking: clients that worked before can fail',
  risky: 'Risky: nothing fails, but models or clients may behave differently',
  safe: 'Safe',
};

const number = (n: number) => n.toLocaleString('en-US');
const signed = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : '±'}${number(Math.abs(n))}`;

/** Table cells hold one line and no unescaped pipes. */
export function cell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

export function formatDiffMarkdown(r: DiffReport): string {
  const out = [`## MCP surface changes: ${summaryLine(r)}`, '', `Comparing \`${r.base}\` (base) with \`${r.head}\` (head).`];
  for (const cls of ['breaking', 'risky', 'safe'] as const) {
    const group = r.changes.filter((c) => c.class === cls);
    if (group.length === 0) continue;
    const table = [
      '| Entry | Change | Where |',
      '|---|---|---|',
      ...group.map((c) => `| ${cell(describeEntry(c))} | ${cell(c.message)} | ${cell(place(c, r))} |`),
    ];
    if (cls === 'safe') out.push('', `<details><summary>${TITLES.safe} (${group.length})</summary>`, '', ...table, '', '</details>');
    else out.push('', `### ${TITLES[cls]} (${group.length})`, '', ...table);
  }
  const { before, after } = r.toolsList;
  out.push(
    '',
    '### Size of `tools/list` (paid in every conversation)',
    '',
    '| | Base | Head | Change |',
    '|---|---:|---:|---:|',
    `| Bytes | ${number(before.bytes)} | ${number(after.bytes)} | ${signed(after.bytes - before.bytes)} |`,
    `| Tokens (estimate) | ${number(before.tokens)} | ${number(after.tokens)} | ${signed(after.tokens - before.tokens)} |`,
    '',
    `Tokens are estimated as ${TOKEN_METHOD}.`,
  );
  return `${out.join('\n')}\n`;
}

function place(c: LocatedChange, r: DiffReport): string {
  if (c.side === 'base') return c.baseLine ? `was \`${r.base}:${c.baseLine}\`` : 'removed';
  return c.line > 0 ? `\`${r.head}:${c.line}\`` : `\`${r.head}\``;
}
