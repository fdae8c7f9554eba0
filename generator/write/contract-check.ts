// After the manifest changes, do the handlers still fit it? The project's own compiler type-checks it in a child
// process, incrementally (see project-compiler.ts); planned contents that are not written yet are checked in a
// mirror of src/ (check-mirror.ts). Each error in a user file is reported with its position and, where the cause is
// a manifest change, what changed.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { accessText } from './access-text.js';
import { mirrorContents, syncMirror } from './check-mirror.js';
import {
  CONTRACT_CONFIG,
  CONTRACT_FILE,
  contractConfig,
  contractSource,
  exportPosition,
  writeContractScope,
  type ContractEntry,
} from './contract-scope.js';
import { ensureCacheDir, findCompiler, typeCheck, type CompilerDiagnostic } from './project-compiler.js';
import type { EntryKind } from '../core/index.js';
import type { CompletionExport } from './plan.js';
import { readResultMismatch, toolResultMismatch, withCause } from './type-mismatch.js';
import type { HandlerRecord, ProjectState } from './project-state.js';
import { checkViewProgram, reader, VIEW_PACKAGE, viewOf, viewProblemMessage, type ViewEntry } from './view-check.js';

export interface ContractProblem {
  file: string;
  line: number;
  column: number;
  message: string;
}

export interface ContractReport {
  /** Why the check did not run (dependencies not installed). */
  skipped?: string;
  problems: ContractProblem[];
}

export interface ContractOptions {
  state: ProjectState;
  prior?: ProjectState;
  /** Contents to check instead of what is on disk (path relative to the project; null: the file is gone). */
  overlay?: Map<string, string | null>;
  /** Handler files whose entry left the manifest. */
  orphans?: ReadonlySet<string>;
  /** Completion handler exports, held against their types like the handlers. */
  completions?: readonly CompletionExport[];
  /** MCP Apps views: their code is compiled with the views' settings, beside the handlers. */
  views?: readonly ViewEntry[];
}

export async function checkContracts(outDir: string, options: ContractOptions): Promise<ContractReport> {
  const root = resolve(outDir);
  if (!existsSync(join(root, 'node_modules', '@modelcontextprotocol', 'server'))) {
    return { skipped: 'dependencies are not installed (run npm install), so handlers were not type-checked', problems: [] };
  }
  if (!existsSync(join(root, 'tsconfig.json'))) return { skipped: 'no tsconfig.json', problems: [] };
  const compiler = findCompiler(root);
  if (!compiler)
    return { skipped: 'TypeScript is not installed in the project (run npm install), so handlers were not type-checked', problems: [] };
  const cache = ensureCacheDir(root);
  const scope = contractSource(options.state, options.completions, options.orphans);
  const views = options.views ?? [];
  // The views import ext-apps (a dev dependency the project gets with its first view): not installed, not checked.
  const viewsSkipped =
    views.length > 0 && !existsSync(join(root, 'node_modules', ...VIEW_PACKAGE.split('/')))
      ? `the views' packages are not installed (run npm install), so views were not type-checked`
      : undefined;
  let cwd = root;
  let config: string;
  let contents: Map<string, string> | undefined;
  if (options.overlay) {
    cwd = join(cache, 'check');
    contents = mirrorContents(
      root,
      options.overlay,
      views.map((v) => v.source),
    );
    // Planned TypeScript outside src/ (the generated contract test) is compiled too, as it would be once written; a
    // view's is browser code, compiled with the views' settings.
    const extra = [...contents.keys()].filter((p) => !p.startsWith('src/') && p.endsWith('.ts') && !viewOf(p, views));
    contents.set(CONTRACT_FILE, scope.text).set(CONTRACT_CONFIG, contractConfig(extra));
    syncMirror(root, cwd, contents);
    config = join(cwd, CONTRACT_CONFIG);
  } else {
    config = writeContractScope(root, scope);
  }
  let result: Awaited<ReturnType<typeof typeCheck>>;
  let viewResult: Awaited<ReturnType<typeof typeCheck>> | undefined;
  try {
    const prefix = options.overlay ? 'check' : 'contracts';
    [result, viewResult] = await Promise.all([
      typeCheck(compiler, cwd, config, join(cache, `${prefix}.tsbuildinfo`)),
      views.length > 0 && !viewsSkipped ? checkViewProgram(compiler, cwd, join(cache, `${prefix}-views.tsbuildinfo`)) : undefined,
    ]);
  } finally {
    // The mirror holds copies of the project's tests (test/contract.gen.test.ts, src/**/*.test.ts), which the
    // project's test runner would find and run as its own. The build info keeps the next check incremental: the
    // compiler compares contents, and the mirror is written again with the same ones.
    if (options.overlay) rmSync(cwd, { recursive: true, force: true });
  }
  if (result.failure) return { skipped: result.failure, problems: [] };
  const byFile = handlersByFile(options.state);
  const problems: ContractProblem[] = [];
  const orphansNamed = new Set<string>();
  for (const d of result.diagnostics) {
    if (d.category !== 'error') continue;
    const file = projectPath(root, d.file);
    if (file.startsWith('..') || file.startsWith('node_modules/')) continue;
    const held = file === CONTRACT_FILE ? scope.lines.get(d.line) : undefined;
    if (held) {
      // A handler's missing export is the plan's to report (it names what the file does export), with or without a
      // compiler.
      if (!(held.exportCheckedByPlan && MISSING_EXPORT.test(d.text)))
        problems.push(contractProblem(held, d, (f) => contents?.get(f) ?? readFileSync(join(root, f), 'utf8')));
      continue;
    }
    const entry = byFile.get(file);
    if (entry && options.orphans?.has(file)) {
      // Every error in an orphan has that one cause: the file is named once, at its first error.
      if (!orphansNamed.has(file))
        problems.push({
          file,
          line: d.line,
          column: d.column,
          message: `${entry.part} of ${entry.kind}.${entry.name}, which is no longer in the manifest: delete or move the file (generate --prune deletes untouched stubs), or re-add the entry`,
        });
      orphansNamed.add(file);
      continue;
    }
    const message = explain(d, () => contents?.get(file) ?? readFileSync(join(root, file), 'utf8'), entry, options.prior);
    problems.push({ file, line: d.line, column: d.column, message });
  }
  const read = reader(root, contents);
  for (const d of viewResult?.diagnostics ?? []) {
    if (d.category !== 'error') continue;
    const file = projectPath(root, d.file);
    if (file.startsWith('..') || file.startsWith('node_modules/')) continue;
    const view = viewOf(file, views);
    const message = view ? viewProblemMessage(d, view, read(file), options.prior) : withCause(d);
    problems.push({ file, line: d.line, column: d.column, message });
  }
  const skipped = viewsSkipped ?? viewResult?.failure;
  return skipped ? { skipped, problems } : { problems };
}

/** A path the compiler printed (relative to where it ran: the project or its mirror), relative to the project. */
function projectPath(root: string, printed: string): string {
  return relative(root, resolve(root, printed)).split('\\').join('/');
}

const MISSING_EXPORT = /has no exported member|declares '[^']+' locally, but it is not exported/;

/** An error on a handler export as the server uses it (a function of another shape), placed at that export. */
function contractProblem(held: ContractEntry, d: CompilerDiagnostic, read: (file: string) => string): ContractProblem {
  const { kind, name, file, ident } = held;
  if (MISSING_EXPORT.test(d.text))
    return {
      file,
      line: 1,
      column: 1,
      message: `does not export ${ident}, the completions of ${kind}.${name}; the server imports them by that name`,
    };
  let source = '';
  try {
    source = read(file);
  } catch {
    // A handler file that is gone: the compiler's message says so.
  }
  const at = exportPosition(source, ident);
  const verdict = resultMismatch(d, kind, name) ?? withCause(d);
  return { file, line: at.line, column: at.column, message: `${verdict} (${kind}.${name}, as the server calls it)` };
}

interface EntryRef {
  kind: EntryKind;
  name: string;
  /** What the file holds for its entry. */
  part: 'handler' | 'completions';
}

/** The entry each handler and completions file of the state belongs to. */
function handlersByFile(state: ProjectState): Map<string, EntryRef> {
  const map = new Map<string, EntryRef>();
  for (const [kind, byName] of Object.entries(state.handlers) as [EntryKind, Record<string, HandlerRecord>][]) {
    for (const [name, rec] of Object.entries(byName ?? {})) map.set(rec.file, { kind, name, part: 'handler' });
  }
  for (const [kind, byName] of Object.entries(state.completions ?? {}) as [EntryKind, Record<string, { file: string }>][]) {
    for (const [name, rec] of Object.entries(byName ?? {})) map.set(rec.file, { kind, name, part: 'completions' });
  }
  return map;
}

/** Turns "Property 'units' does not exist on type 'GetForecastInput'" into what changed in the manifest. */
function explain(d: CompilerDiagnostic, source: () => string, entry: EntryRef | undefined, prior: ProjectState | undefined): string {
  const where = entry ? ` (${entry.kind}.${entry.name})` : '';
  const previous = entry ? prior?.handlers[entry.kind]?.[entry.name] : undefined;
  // A handler's input with declared defaults is `WithDefaults<GetForecastInput, "days">` to the compiler.
  const missing =
    /^Property '([^']+)' does not exist on type '(?:WithDefaults<)?(\w+?)(Input|Output)[',]/.exec(d.text) ??
    /'([^']+)' does not exist in type '(?:WithDefaults<)?(\w+?)(Input|Output)[',]/.exec(d.text);
  if (entry && missing) {
    const [, prop, , side] = missing;
    const field = side === 'Input' ? 'inputSchema' : 'outputSchema';
    const before = side === 'Input' ? previous?.inputProperties : previous?.outputProperties;
    const subject = side === 'Input' ? (accessText(source(), d.line, d.column) ?? `input.${prop}`) : prop;
    const cause = before?.includes(prop) ? `removed from ${entry.name}.${field}` : `not in ${entry.name}.${field}`;
    return `${subject} no longer exists (${cause})`;
  }
  return `${(entry && resultMismatch(d, entry.kind, entry.name)) ?? withCause(d)}${where}`;
}

const resultMismatch = (d: CompilerDiagnostic, kind: EntryKind, name: string) =>
  kind === 'tools' ? toolResultMismatch(d, name) : readResultMismatch(d, kind);
