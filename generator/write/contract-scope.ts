// What the contract check compiles. The whole project would make the compiler parse every generated file, and in a
// large project most of them (the published definitions, the server with its registrations) are data the handlers
// never see: at 500 tools they are 1.6 MB, most of the check's time. The check compiles the handlers (with what they
// import: the types, the context, the user's own modules) and a small file that holds each handler export against
// its handler type, as server.gen.ts uses it. `npm run typecheck` and the build still compile everything.
import { join } from 'node:path';
import { KIND_INFO, type EntryKind } from '../core/index.js';
import { writeIfChanged } from './check-mirror.js';
import { declaredExport } from './edit-handlers.js';
import type { CompletionExport } from './plan.js';
import type { HandlerRecord, ProjectState } from './project-state.js';

/** The contract file, relative to the project (and to the mirror `check` compiles in). */
export const CONTRACT_FILE = '.mcp-gen/cache/contracts/handlers.ts';
/** Its tsconfig, beside it. */
export const CONTRACT_CONFIG = '.mcp-gen/cache/contracts/tsconfig.json';
const TO_ROOT = '../../..';

export interface ContractEntry {
  kind: EntryKind;
  name: string;
  /** The user file and what it exports, of type `T.<type><"name">`. */
  file: string;
  ident: string;
  type: string;
  /** Handlers: the plan already reports a missing export (naming what the file does export). */
  exportCheckedByPlan: boolean;
}

// What goes into the contract file's source: identifiers and plain relative paths only.
const IDENT = /^[A-Za-z_$][\w$]*$/;
const FILE = /^src\/handlers\/[\w./-]+\.ts$/;

export interface ContractSource {
  text: string;
  /** Line of the contract file (1-based) -> the handler it is about. */
  lines: Map<number, ContractEntry>;
}

/**
 * `import { x as h0 } from '<handler>'; h0 satisfies T.ToolHandler<"name">;` for every handler in the state and
 * every completions export.
 */
export function contractSource(
  state: ProjectState,
  completions: readonly CompletionExport[] = [],
  orphans: ReadonlySet<string> = new Set(),
): ContractSource {
  const entries: ContractEntry[] = [];
  for (const [kind, byName] of Object.entries(state.handlers) as [EntryKind, Record<string, HandlerRecord>][]) {
    // The state remembers an orphaned handler (for a later renamedFrom), but the server no longer calls it.
    for (const [name, r] of Object.entries(byName ?? {}))
      if (!orphans.has(r.file))
        entries.push({ kind, name, file: r.file, ident: r.export, type: `${KIND_INFO[kind].word}Handler`, exportCheckedByPlan: true });
  }
  for (const c of completions)
    entries.push({ kind: c.kind, name: c.name, file: c.file, ident: c.export, type: c.type, exportCheckedByPlan: false });
  const out = [
    '// Written by mcp-gen for its contract check (safe to delete): each handler, as the generated server uses it.',
    `import type * as T from '${TO_ROOT}/src/generated/types.gen.js';`,
  ];
  const lines = new Map<number, ContractEntry>();
  entries.forEach((entry, n) => {
    if (!IDENT.test(entry.ident) || !IDENT.test(entry.type) || !FILE.test(entry.file) || entry.file.includes('..')) return;
    out.push(`import { ${entry.ident} as h${n} } from '${TO_ROOT}/${entry.file.replace(/\.ts$/, '.js')}';`);
    lines.set(out.length, entry);
    out.push(`h${n} satisfies T.${entry.type}<${JSON.stringify(entry.name)}>;`);
    lines.set(out.length, entry);
  });
  return { text: `${out.join('\n')}\n`, lines };
}

/** The tsconfig of the check: the project's options, the handlers and the contract file. */
export function contractConfig(extra: readonly string[] = []): string {
  return JSON.stringify(
    {
      extends: `${TO_ROOT}/tsconfig.json`,
      // rootDir only matters for emit, which never happens here; the contract file lies outside src/.
      compilerOptions: { rootDir: TO_ROOT, noEmit: true },
      include: [`${TO_ROOT}/src/handlers`],
      files: ['handlers.ts', ...extra.map((f) => `${TO_ROOT}/${f}`)],
    },
    null,
    2,
  );
}

/** Writes the contract file and its tsconfig under the project's cache folder; returns the tsconfig's path. */
export function writeContractScope(root: string, source: ContractSource): string {
  writeIfChanged(root, CONTRACT_FILE, source.text);
  writeIfChanged(root, CONTRACT_CONFIG, contractConfig());
  return join(root, CONTRACT_CONFIG);
}

/** Where a handler's export is declared, for errors found in the contract file; the file's start when not found. */
export function exportPosition(source: string, ident: string): { line: number; column: number } {
  const listed = new RegExp(String.raw`\bexport\s*\{[^}]*?(?<![\w$])(${ident.replace(/\$/g, '\\$')})(?![\w$])`);
  const m = declaredExport(ident).exec(source) ?? listed.exec(source);
  if (!m) return { line: 1, column: 1 };
  const at = m.index + m[0].length - ident.length;
  const before = source.slice(0, at).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}
