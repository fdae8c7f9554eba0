// GitHub Actions workflow commands: each change becomes an annotation on its line of the pull request's diff
// (breaking: error, risky: warning, safe: notice).
import type { ChangeClass } from './change.js';
import { describeEntry } from './diff-manifests.js';
import type { DiffReport } from './diff-report.js';
import { sizeLine } from './format-text.js';
import { TOKEN_METHOD } from '../core/index.js';

const LEVEL: Record<ChangeClass, string> = { breaking: 'error', risky: 'warning', safe: 'notice' };

/** Workflow command escaping: data loses %, CR and LF; properties also `:` and `,`. */
function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** `file` is the HEAD manifest's path as the repository knows it (run from the repository root). */
export function formatDiffGithub(r: DiffReport, file: string): string {
  const lines = r.changes.map((c) => {
    const props = [
      `file=${escapeProperty(file)}`,
      ...(c.line > 0 ? [`line=${c.line}`, `col=${c.column}`] : []),
      `title=${escapeProperty(`${c.class} MCP change (${c.rule})`)}`,
    ];
    return `::${LEVEL[c.class]} ${props.join(',')}::${escapeData(`${describeEntry(c)}: ${c.message}`)}`;
  });
  lines.push(
    `::notice title=${escapeProperty('tools/list size')}::${escapeData(`${sizeLine(r.toolsList.before, r.toolsList.after)} (tokens estimated as ${TOKEN_METHOD})`)}`,
  );
  return `${lines.join('\n')}\n`;
}
