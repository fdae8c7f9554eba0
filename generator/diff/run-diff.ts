// `mcp-gen diff [BASE] [HEAD]`: what a manifest change does to clients. Returns what to print and the exit code,
// so tests drive it in process and the CLI only writes it out.
import { relative, sep } from 'node:path';
import { formatIssuesText, summarize } from '../core/index.js';
import { diffManifestTexts, failsOn } from './diff-report.js';
import { formatDiffGithub } from './format-github.js';
import { formatDiffJson } from './format-json.js';
import { formatDiffMarkdown } from './format-markdown.js';
import { formatDiffText } from './format-text.js';
import { readManifestFile, readManifestSpec, type ReadResult } from './read-manifest-at-rev.js';

export interface CommandOutput {
  code: 0 | 1 | 2;
  stdout: string;
  stderr: string;
  /** Why the exit code is 1, printed last as `mcp-gen: error: ...` (cli.ts prints a thrown error that way). */
  error?: string;
}

export interface DiffOptions {
  manifest: string;
  against?: string;
  format: string;
  failOn: string;
}

export const DIFF_FORMATS = ['text', 'markdown', 'json', 'github'] as const;
export const FAIL_ON = ['breaking', 'risky', 'none'] as const;

export function usage(message: string): CommandOutput {
  return { code: 2, stdout: '', stderr: `mcp-gen: error: ${message}\n` };
}

function failed(r: Extract<ReadResult, { ok: false }>): CommandOutput {
  return { code: 1, stdout: '', stderr: '', error: `${r.message}${r.hint ? `\n  hint: ${r.hint}` : ''}` };
}

/** The whole standard error of a command, as the CLI prints it. */
export function fullStderr(out: CommandOutput): string {
  return `${out.stderr}${out.error ? `mcp-gen: error: ${out.error}\n` : ''}`;
}

export function runDiff(base: string | undefined, head: string | undefined, opts: DiffOptions): CommandOutput {
  const format = opts.format as (typeof DIFF_FORMATS)[number];
  const failOn = opts.failOn as (typeof FAIL_ON)[number];
  if (!DIFF_FORMATS.includes(format))
    return usage(`--format must be one of ${DIFF_FORMATS.join(', ')}, not ${JSON.stringify(opts.format)}`);
  if (!FAIL_ON.includes(failOn)) return usage(`--fail-on must be one of ${FAIL_ON.join(', ')}, not ${JSON.stringify(opts.failOn)}`);
  if (opts.against !== undefined && head !== undefined)
    return usage('--against names BASE; pass at most one manifest or revision with it (HEAD)');
  const baseSpec = opts.against ?? base;
  const headSpec = opts.against !== undefined ? base : head;
  if (baseSpec === undefined) return usage('name what to compare against: mcp-gen diff BASE [HEAD], or mcp-gen diff --against REV');
  const b = readManifestSpec(baseSpec, opts.manifest);
  if (!b.ok) return failed(b);
  const h = headSpec === undefined ? readManifestFile(opts.manifest) : readManifestSpec(headSpec, opts.manifest);
  if (!h.ok) return failed(h);
  const outcome = diffManifestTexts(b.text, h.text);
  if (!outcome.ok) {
    const { loaded, issues, side } = outcome;
    const report = formatIssuesText(issues, loaded.file, loaded.source);
    return {
      code: 1,
      stdout: '',
      stderr: `${report}\n\n`,
      error: `${side.toUpperCase()} (${loaded.file}) is not a valid manifest: ${summarize(issues)}; nothing was compared`,
    };
  }
  const r = outcome.report;
  const stdout =
    format === 'json'
      ? formatDiffJson(r)
      : format === 'markdown'
        ? formatDiffMarkdown(r)
        : format === 'github'
          ? formatDiffGithub(r, posixRelative(h.text.path))
          : formatDiffText(r);
  if (!failsOn(r, failOn)) return { code: 0, stdout, stderr: '' };
  const failing = (['breaking', 'risky'] as const).filter((c) => r.counts[c] > 0 && (c === 'breaking' || failOn === 'risky'));
  const counted = failing.map((c) => `${r.counts[c]} ${c}`);
  const refused = failing.reduce((n, c) => n + r.counts[c], 0);
  return {
    code: 1,
    stdout,
    stderr: '',
    error: `${counted.join(' and ')} change${refused === 1 ? '' : 's'} (--fail-on ${failOn})`,
  };
}

/** Annotations name files from the repository root, with forward slashes, whatever the platform. */
function posixRelative(file: string): string {
  return relative(process.cwd(), file).split(sep).join('/') || file;
}
