// JSON for scripts: every change with its class, rule id and HEAD position, and the tools/list sizes.
import { formatPath } from '../core/index.js';
import type { DiffReport } from './diff-report.js';
import { TOKEN_METHOD } from '../core/index.js';

export function formatDiffJson(r: DiffReport): string {
  const body = {
    base: r.base,
    head: r.head,
    summary: r.counts,
    changes: r.changes.map((c) => ({
      class: c.class,
      rule: c.rule,
      kind: c.kind,
      entry: c.entry,
      message: c.message,
      path: formatPath(c.path),
      ...(c.side === 'base' ? { removed: true, baseFile: r.base, baseLine: c.baseLine, baseColumn: c.baseColumn } : {}),
      file: r.head,
      line: c.line,
      column: c.column,
    })),
    toolsList: { ...r.toolsList, tokenEstimate: TOKEN_METHOD },
  };
  return `${JSON.stringify(body, null, 2)}\n`;
}
