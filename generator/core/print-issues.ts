import { PLAIN, type Painter } from './colors.js';
import type { Issue } from './issue.js';
import { showHidden } from './text-safety.js';

/**
 * `mcp.yaml:12:5: error tools.get_forecast.inputSchema: message`, then the source line with a caret under the
 * column, then the hint. The file name is printed as given so editors and terminals can link it.
 */
export function formatIssuesText(issues: readonly Issue[], file: string, source: string, paint: Painter = PLAIN): string {
  const lines = source.split(/\r?\n/);
  const blocks = issues.map((i) => {
    const where = i.line > 0 ? `${file}:${i.line}:${i.column}` : file;
    const severity = i.severity === 'error' ? paint.bold(paint.red(i.severity)) : paint.bold(paint.yellow(i.severity));
    // Messages quote manifest text, and the frame is a line of it: a control character there would be a command to
    // the terminal (or a CI log's viewer), and a bidirectional one would reorder what is shown. They appear escaped.
    const head = `${paint.bold(where)}: ${severity} ${showHidden(`${i.path ? `${i.path}: ` : ''}${clip(i.message)}`)}`;
    const out = [head];
    const text = i.line > 0 ? lines[i.line - 1] : undefined;
    if (text !== undefined) {
      const gutter = String(i.line);
      const shown = excerpt(text, i.column);
      out.push(`  ${gutter} | ${showHidden(shown.text)}`);
      // Keep the line's tabs in the padding so the caret lines up however the terminal expands them.
      const before = showHidden(shown.text.slice(0, shown.caret));
      out.push(`  ${' '.repeat(gutter.length)} | ${before.replace(/[^\t]/g, ' ')}${paint.red('^')}`);
    }
    if (i.hint) out.push(`  ${paint.cyan('hint:')} ${showHidden(clip(i.hint))}`);
    return out.join('\n');
  });
  return blocks.join('\n\n');
}

const WIDE_LINE = 160;
const WINDOW = 120;

/** A minified or flow-style line can be megabytes long: show a window around the column, marked with ellipses. */
export function excerpt(line: string, column: number): { text: string; caret: number } {
  const at = Math.max(0, Math.min(column - 1, line.length));
  if (line.length <= WIDE_LINE) return { text: line, caret: at };
  const start = Math.max(0, Math.min(at - WINDOW / 2, line.length - WINDOW));
  const end = Math.min(line.length, start + WINDOW);
  const before = start > 0 ? '…' : '';
  return { text: `${before}${line.slice(start, end)}${end < line.length ? '…' : ''}`, caret: at - start + before.length };
}

export function summarize(issues: readonly Issue[]): string {
  const errors = issues.filter((i) => i.severity === 'error').length;
  const warnings = issues.length - errors;
  const part = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return warnings ? `${part(errors, 'error')}, ${part(warnings, 'warning')}` : part(errors, 'error');
}

export function formatIssuesJson(issues: readonly Issue[], file: string): string {
  return JSON.stringify({ file, issues: issues.map(clipIssue) }, null, 2);
}

const MAX_TEXT = 600;
const HEAD = 400;
const TAIL = 150;

/**
 * Messages and hints quote manifest values, and a value can be megabytes long (a 40 MB description once made a
 * 40 MB warning). A long text keeps its start and its end, where what is wrong is said, and names what it left out.
 */
export function clip(text: string): string {
  if (text.length <= MAX_TEXT) return text;
  const head = cut(text, HEAD);
  const tail = cut(text, text.length - TAIL);
  return `${text.slice(0, head)} … (${tail - head} characters left out) … ${text.slice(tail)}`;
}

/** The issue as printed: its message and hint clipped. */
export function clipIssue(i: Issue): Issue {
  return { ...i, message: clip(i.message), ...(i.hint === undefined ? {} : { hint: clip(i.hint) }) };
}

/** `at`, moved back one code unit when it would split a surrogate pair. */
function cut(text: string, at: number): number {
  const code = text.charCodeAt(at);
  return code >= 0xdc00 && code <= 0xdfff ? at - 1 : at;
}
