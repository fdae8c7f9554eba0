// The views' side of the contract check. A view is the user's browser code that imports its generated types
// (app.gen.ts): compiled with the views' own settings (tsconfig.views.json: DOM, bundler resolution), apart from the
// server's, each error in it is reported at its line, and a field the view reads that left the manifest is named as such.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { VIEWS_TSCONFIG } from '../core/index.js';
import { accessText } from './access-text.js';
import type { Compiler, CompilerDiagnostic, CompileResult } from './project-compiler.js';
import { typeCheck } from './project-compiler.js';
import type { ProjectState } from './project-state.js';
import { withCause } from './type-mismatch.js';

/** A view as the check needs it: its folder, and which tool each type of its app.gen.ts belongs to. */
export interface ViewEntry {
  name: string;
  /** Relative to the project, POSIX. */
  source: string;
  /** Type name in app.gen.ts (`GetForecastOutput`) -> the tool and the schema it comes from. */
  types: Record<string, { tool: string; side: 'input' | 'output' }>;
}

/** What the views import from the packages the check needs: without them the views are not checked. */
export const VIEW_PACKAGE = '@modelcontextprotocol/ext-apps';

/** `tsc -p tsconfig.views.json` in `cwd` (the project, or the check's mirror of it). */
export function checkViewProgram(compiler: Compiler, cwd: string, buildInfo: string): Promise<CompileResult> {
  return typeCheck(compiler, cwd, join(cwd, VIEWS_TSCONFIG), buildInfo);
}

/** The view a project file belongs to. */
export function viewOf(file: string, views: readonly ViewEntry[]): ViewEntry | undefined {
  return views.find((v) => file.startsWith(`${v.source}/`));
}

const MISSING_PROPERTY = /^Property '([^']+)' does not exist on type '(\w+)'/;

/**
 * The message of an error in a view: a property of a generated type that the manifest no longer has (or never had)
 * in terms of the manifest; anything else as the compiler says it.
 */
export function viewProblemMessage(d: CompilerDiagnostic, view: ViewEntry, source: () => string, prior: ProjectState | undefined): string {
  const missing = MISSING_PROPERTY.exec(d.text);
  const from = missing ? view.types[missing[2]] : undefined;
  if (missing && from) {
    const [, prop] = missing;
    const field = from.side === 'input' ? 'inputSchema' : 'outputSchema';
    const recorded = prior?.handlers.tools?.[from.tool];
    const before = from.side === 'input' ? recorded?.inputProperties : recorded?.outputProperties;
    let subject = `${from.side}.${prop}`;
    try {
      subject = accessText(source(), d.line, d.column) ?? subject;
    } catch {
      // The file is gone: the compiler's position is all there is.
    }
    return `${subject} no longer exists (${before?.includes(prop) ? 'removed from' : 'not in'} ${from.tool}.${field}; view ${view.name})`;
  }
  return `${withCause(d)} (view ${view.name})`;
}

/** Reads a project file for quoting, from the planned contents when the check has them. */
export function reader(root: string, contents: ReadonlyMap<string, string> | undefined): (file: string) => () => string {
  return (file) => () => contents?.get(file) ?? readFileSync(join(root, file), 'utf8');
}
