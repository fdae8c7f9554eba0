// After the manifest changes, do the handlers still fit it? The project's own compiler type-checks it in a child
// process, incrementally (see project-compiler.ts); planned contents that are not written yet are checked in a
// mirror of src/ (check-mirror.ts). Each error in a user file is reported with its position and, where the cause is
// a manifest change, what changed.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { accessText } from './access-text.js';
import { mirrorContents, syncMirror } from './check-mirror.js';
import { ensureCacheDir, findCompiler, typeCheck, type CompilerDiagnostic } from './project-compiler.js';
import type { EntryKind } from '../core/index.js';
import type { HandlerRecord, ProjectState } from './project-state.js';

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
  let cwd = root;
  let config = join(root, 'tsconfig.json');
  let contents: ReadonlyMap<string, string> | undefined;
  if (options.overlay) {
    cwd = join(cache, 'check');
    contents = mirrorContents(root, options.overlay);
    config = syncMirror(root, cwd, contents);
  }
  const result = await typeCheck(compiler, cwd, config, join(cache, options.overlay ? 'check.tsbuildinfo' : 'contracts.tsbuildinfo'));
  if (result.failure) return { skipped: result.failure, problems: [] };
  const byFile = handlersByFile(options.state);
  const problems: ContractProblem[] = [];
  for (const d of result.diagnostics) {
    if (d.category !== 'error') continue;
    const file = relative(root, resolve(root, d.file)).split('\\').join('/');
    if (file.startsWith('..') || file.startsWith('node_modules/')) continue;
    const entry = byFile.get(file);
    const message =
      entry && options.orphans?.has(file)
        ? `handler of ${entry.kind}.${entry.name}, which is no longer in the manifest: delete or move the file (generate --prune deletes untouched stubs), or re-add the entry`
        : explain(d, () => contents?.get(file) ?? readFileSync(join(root, file), 'utf8'), entry, options.prior);
    problems.push({ file, line: d.line, column: d.column, message });
  }
  return { problems };
}

interface EntryRef {
  kind: EntryKind;
  name: string;
}

function handlersByFile(state: ProjectState): Map<string, EntryRef> {
  const map = new Map<string, EntryRef>();
  for (const [kind, byName] of Object.entries(state.handlers) as [EntryKind, Record<string, HandlerRecord>][]) {
    for (const [name, rec] of Object.entries(byName ?? {})) map.set(rec.file, { kind, name });
  }
  return map;
}

/** Turns "Property 'units' does not exist on type 'GetForecastInput'" into what changed in the manifest. */
function explain(d: CompilerDiagnostic, source: () => string, entry: EntryRef | undefined, prior: ProjectState | undefined): string {
  const where = entry ? ` (${entry.kind}.${entry.name})` : '';
  const previous = entry ? prior?.handlers[entry.kind]?.[entry.name] : undefined;
  const missing =
    /^Property '([^']+)' does not exist on type '(\w+?)(Input|Output)'/.exec(d.text) ??
    /'([^']+)' does not exist in type '(\w+?)(Input|Output)'/.exec(d.text);
  if (entry && missing) {
    const [, prop, , side] = missing;
    const field = side === 'Input' ? 'inputSchema' : 'outputSchema';
    const before = side === 'Input' ? previous?.inputProperties : previous?.outputProperties;
    const subject = side === 'Input' ? (accessText(source(), d.line, d.column) ?? `input.${prop}`) : prop;
    const cause = before?.includes(prop) ? `removed from ${entry.name}.${field}` : `not in ${entry.name}.${field}`;
    return `${subject} no longer exists (${cause})`;
  }
  return `error TS${d.code}: ${d.text}${where}`;
}
