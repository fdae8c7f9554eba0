// `mcp-gen lint`, `mcp-gen docs` and `mcp-gen fmt`. Like runDiff, each returns what to print and its exit code.
import { basename } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import {
  assertWritableInside,
  folderOf,
  hasErrors,
  MAX_PROJECT_FILE_BYTES,
  readTextInside,
  toolsetsOf,
  writeInside,
} from '../core/index.js';
import { loadManifest, readManifest, readManifestText, type LoadedManifest } from '../load/index.js';
import type { Manifest } from '../core/index.js';
import { formatIssuesJson, formatIssuesText, summarize } from '../core/index.js';
import { resolveSchemaFiles } from '../load/index.js';
import { validateManifest } from '../validate/index.js';
import { formatManifest } from '../fmt/index.js';
import { costReport, lintManifest } from '../validate/index.js';
import { renderDocs } from '../docs/index.js';
import { usage, type CommandOutput } from '../diff/index.js';

/** Loads and validates; a manifest with errors cannot be linted or documented, so they are reported instead. */
function loadValid(file: string): { loaded: LoadedManifest; failure?: CommandOutput } {
  const loaded = resolveSchemaFiles(readManifest(file));
  const issues = validateManifest(loaded);
  if (!hasErrors(issues)) return { loaded };
  return {
    loaded,
    failure: {
      code: 1,
      stdout: '',
      stderr: `${formatIssuesText(issues, file, loaded.source)}\n\n`,
      error: issues.some((i) => i.code === 'manifest/unreadable')
        ? `${file} cannot be read`
        : `${file} is not a valid manifest: ${summarize(issues)}`,
    },
  };
}

export function runLint(opts: { manifest: string; format: string }): CommandOutput {
  if (opts.format !== 'text' && opts.format !== 'json') return usage(`--format must be text or json, not ${JSON.stringify(opts.format)}`);
  const { loaded, failure } = loadValid(opts.manifest);
  if (failure) return failure;
  const issues = lintManifest(loaded);
  const code = hasErrors(issues) ? 1 : 0;
  const error = code ? `lint: ${summarize(issues)}` : undefined;
  if (opts.format === 'json') return { code, stdout: `${formatIssuesJson(issues, opts.manifest)}\n`, stderr: '', error };
  // With toolsets, what each list a client can get costs: the budget applies to each.
  const costs = toolsetsOf(loaded.data as Manifest).length ? costReport(loaded.data as Manifest) : '';
  if (issues.length === 0) return { code, stdout: `${costs}${opts.manifest}: no lint findings\n`, stderr: '' };
  const report = `${formatIssuesText(issues, opts.manifest, loaded.source)}\n\n`;
  return { code, stdout: costs, stderr: error ? report : `${report}${summarize(issues)}\n`, error };
}

export function runDocs(opts: { manifest: string; out?: string; check?: boolean }): CommandOutput {
  // `-o -` is standard output, as for most tools, not a file named "-".
  if (opts.out === '-') opts = { ...opts, out: undefined };
  if (opts.check && !opts.out) return usage('--check compares with a committed file: pass it with -o FILE');
  const { loaded, failure } = loadValid(opts.manifest);
  if (failure) return failure;
  const text = renderDocs(loaded.data as Manifest, basename(opts.manifest));
  if (!opts.out) return { code: 0, stdout: text, stderr: '' };
  // Where it is written is checked first, as for any write; the current file is then read like the manifest, as a
  // regular file inside its folder (a link out, a pipe or a device ends the run with the reason).
  const out = folderOf(opts.out);
  if (!opts.check) assertWritableInside(out.root, out.path);
  const current = readTextInside(out.root, out.path, MAX_PROJECT_FILE_BYTES);
  if (opts.check) {
    if (current === text) return { code: 0, stdout: `${opts.out}: up to date\n`, stderr: '' };
    const why = current === undefined ? 'does not exist' : 'is stale';
    return {
      code: 1,
      stdout: '',
      stderr: '',
      error: `${opts.out} ${why}\n  hint: run \`mcp-gen docs -m ${opts.manifest} -o ${opts.out}\` and commit the result`,
    };
  }
  if (current === text) return { code: 0, stdout: `${opts.out}: unchanged\n`, stderr: '' };
  writeInside(out.root, out.path, text);
  return { code: 0, stdout: `wrote ${opts.out}\n`, stderr: '' };
}

export function runFmt(opts: { manifest: string; check?: boolean }): CommandOutput {
  const read = readManifestText(opts.manifest);
  if (!read.ok) return { code: 1, stdout: '', stderr: '', error: `${opts.manifest}: ${read.message}\n  hint: ${read.hint}` };
  const source = read.source;
  // YAML errors are reported as validate reports them; a file that does not parse is never rewritten.
  const errors = loadManifest(opts.manifest, source).issues.filter((i) => i.severity === 'error');
  if (errors.length)
    return {
      code: 1,
      stdout: '',
      stderr: `${formatIssuesText(errors, opts.manifest, source)}\n\n`,
      error: `${summarize(errors)}; ${opts.manifest} was not changed`,
    };
  const result = formatManifest(source);
  if (!result.ok) return { code: 1, stdout: '', stderr: '', error: `${opts.manifest}:${result.line}:${result.column}: ${result.message}` };
  if (!result.changed) return { code: 0, stdout: `${opts.manifest}: already formatted\n`, stderr: '' };
  if (opts.check) {
    const patch = createTwoFilesPatch(opts.manifest, `${opts.manifest} (formatted)`, source, result.text, '', '', { context: 2 });
    return {
      code: 1,
      stdout: patch,
      stderr: '',
      error: `${opts.manifest} is not formatted\n  hint: run \`mcp-gen fmt -m ${opts.manifest}\``,
    };
  }
  const manifest = folderOf(opts.manifest);
  writeInside(manifest.root, manifest.path, result.text);
  return { code: 0, stdout: `formatted ${opts.manifest}\n`, stderr: '' };
}
