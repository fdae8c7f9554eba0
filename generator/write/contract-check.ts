// After the manifest changes, do the handlers still fit it? The project is type-checked in process (ts-morph's
// program, with planned contents overlaid when nothing is written yet), and each error in a user file is reported
// with its position and, where the cause is a manifest change, what changed.
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Diagnostic, Node, SourceFile } from 'ts-morph';
import { loadTsMorph } from './edit-handlers.js';
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
  const { Project, ts } = await loadTsMorph();
  const project = new Project({ tsConfigFilePath: join(root, 'tsconfig.json') });
  for (const [path, content] of options.overlay ?? []) {
    const abs = join(root, path);
    if (content === null) project.getSourceFile(abs)?.delete();
    else if (path.endsWith('.ts')) project.createSourceFile(abs, content, { overwrite: true });
  }
  const byFile = handlersByFile(options.state);
  const problems: ContractProblem[] = [];
  for (const d of project.getPreEmitDiagnostics()) {
    if (d.getCategory() !== ts.DiagnosticCategory.Error) continue;
    const sf = d.getSourceFile();
    if (!sf) continue;
    const file = relative(root, sf.getFilePath()).split('\\').join('/');
    if (file.startsWith('..') || file.startsWith('node_modules/')) continue;
    const start = d.getStart() ?? 0;
    const { line, column } = sf.getLineAndColumnAtPos(start);
    const text = ts.flattenDiagnosticMessageText(d.getMessageText() as never, '\n').split('\n')[0];
    const entry = byFile.get(file);
    const message = entry && options.orphans?.has(file)
      ? `handler of ${entry.kind}.${entry.name}, which is no longer in the manifest: delete or move the file (generate --prune deletes untouched stubs), or re-add the entry`
      : explain(d, sf, start, text, entry, options.prior);
    problems.push({ file, line, column, message });
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
function explain(d: Diagnostic, sf: SourceFile, start: number, text: string, entry: EntryRef | undefined, prior: ProjectState | undefined): string {
  const where = entry ? ` (${entry.kind}.${entry.name})` : '';
  const previous = entry ? prior?.handlers[entry.kind]?.[entry.name] : undefined;
  const missing = /^Property '([^']+)' does not exist on type '(\w+?)(Input|Output)'/.exec(text) ?? /'([^']+)' does not exist in type '(\w+?)(Input|Output)'/.exec(text);
  if (entry && missing) {
    const [, prop, , side] = missing;
    const field = side === 'Input' ? 'inputSchema' : 'outputSchema';
    const before = side === 'Input' ? previous?.inputProperties : previous?.outputProperties;
    const subject = side === 'Input' ? accessText(sf, start) ?? `input.${prop}` : prop;
    const cause = before?.includes(prop) ? `removed from ${entry.name}.${field}` : `not in ${entry.name}.${field}`;
    return `${subject} no longer exists (${cause})`;
  }
  return `error TS${d.getCode()}: ${text}${where}`;
}

function accessText(sf: SourceFile, start: number): string | undefined {
  let node: Node | undefined = sf.getDescendantAtPos(start);
  for (let i = 0; node && i < 3; i++, node = node.getParent()) {
    if (node.getKindName() === 'PropertyAccessExpression') return node.getText();
  }
  return undefined;
}
