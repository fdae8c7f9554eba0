// Edits of user-owned handler files, done on the syntax tree (ts-morph) and never by templates over text: a rename
// changes the exported name and the entry name in the handler's type, and nothing else, byte for byte.
import type { Project as TsMorphProject, SourceFile } from 'ts-morph';

let tsMorph: typeof import('ts-morph') | undefined;

/** ts-morph (and the TypeScript compiler it embeds) takes ~170 ms to load; only runs that edit or check handlers pay it. */
export async function loadTsMorph(): Promise<typeof import('ts-morph')> {
  tsMorph ??= await import('ts-morph');
  return tsMorph;
}

let scratch: TsMorphProject | undefined;

/** One in-memory project serves every parse of a run: creating a project is the expensive part. */
async function parse(content: string): Promise<{ file: SourceFile }> {
  const { Project } = await loadTsMorph();
  scratch ??= new Project({ useInMemoryFileSystem: true, compilerOptions: { allowJs: false } });
  return { file: scratch.createSourceFile('/handler.ts', content, { overwrite: true }) };
}

const HANDLER_TYPES = new Set(['ToolHandler', 'ResourceHandler', 'ResourceTemplateHandler', 'PromptHandler']);

export interface RenameResult {
  content: string;
  /** False when the file did not export `fromIdent`: then only the type argument (if any) was updated. */
  renamedExport: boolean;
}

/** Renames the handler export and the entry name in its `XxxHandler<'name'>` type annotation. */
export async function renameHandler(
  content: string,
  from: { ident: string; name: string },
  to: { ident: string; name: string },
): Promise<RenameResult> {
  const { file } = await parse(content);
  const { SyntaxKind } = await loadTsMorph();
  let renamedExport = false;
  const declaration = file.getVariableDeclaration(from.ident) ?? file.getFunction(from.ident);
  if (declaration && from.ident !== to.ident) {
    declaration.rename(to.ident);
    renamedExport = true;
  } else if (declaration) {
    renamedExport = true;
  }
  for (const ref of file.getDescendantsOfKind(SyntaxKind.TypeReference)) {
    if (!HANDLER_TYPES.has(ref.getTypeName().getText())) continue;
    for (const arg of ref.getTypeArguments()) {
      const literal = arg.asKind(SyntaxKind.LiteralType)?.getLiteral().asKind(SyntaxKind.StringLiteral);
      if (literal && literal.getLiteralValue() === from.name) literal.setLiteralValue(to.name);
    }
  }
  return { content: file.getFullText(), renamedExport };
}

export interface ExportCheck {
  found: boolean;
  /** 1-based position worth pointing at when the export is missing: the first export, or the top of the file. */
  line: number;
  column: number;
  exportedNames: string[];
}

/** Whether a handler file still exports what the generated registration imports. */
/** `export const|let|var|function|function*|async function|class <ident>`, the name as group 1. */
export function declaredExport(ident: string): RegExp {
  return new RegExp(
    String.raw`\bexport\s+(?:const|let|var|async\s+function\*?|function\*?|class)\s+(${ident.replace(/\$/g, '\\$')})(?![\w$])`,
  );
}

export async function checkHandlerExport(content: string, ident: string): Promise<ExportCheck> {
  // The plain declarations stubs start with need no parser; anything else gets the real one.
  if (declaredExport(ident).test(content)) return { found: true, line: 1, column: 1, exportedNames: [ident] };
  const { file } = await parse(content);
  const exported = file.getExportedDeclarations();
  const exportedNames = [...exported.keys()];
  if (exported.has(ident)) return { found: true, line: 1, column: 1, exportedNames };
  const { Node } = await loadTsMorph();
  const first = [...exported.values()].flat()[0];
  // Point at the whole `export const ...` statement rather than the declared name inside it.
  const anchor = first && Node.isVariableDeclaration(first) ? (first.getVariableStatement() ?? first) : first;
  const pos = anchor ? file.getLineAndColumnAtPos(anchor.getStart()) : { line: 1, column: 1 };
  return { found: false, line: pos.line, column: pos.column, exportedNames };
}
