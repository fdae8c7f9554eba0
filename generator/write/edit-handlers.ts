// Edits of user-owned handler files, done on the syntax tree (ts-morph) and never by templates over text: a rename
// changes the exported name and the entry name in the handler's type, and nothing else, byte for byte.
import { posix } from 'node:path';
import type { ExportSpecifier, ImportSpecifier, Node as MorphNode, Project as TsMorphProject, SourceFile, StringLiteral } from 'ts-morph';

let tsMorph: typeof import('ts-morph') | undefined;

/** ts-morph (and the TypeScript compiler it embeds) takes ~170 ms to load; only runs that edit or check handlers pay it. */
export async function loadTsMorph(): Promise<typeof import('ts-morph')> {
  tsMorph ??= await import('ts-morph');
  return tsMorph;
}

let scratch: TsMorphProject | undefined;

/** One in-memory project serves every parse of a run: creating a project is the expensive part. */
async function parse(content: string, name = '/handler.ts'): Promise<{ file: SourceFile }> {
  const { Project } = await loadTsMorph();
  scratch ??= new Project({ useInMemoryFileSystem: true, compilerOptions: { allowJs: false } });
  return { file: scratch.createSourceFile(name, content, { overwrite: true }) };
}

/** The types a handler or completions file declares its export with; the entry's name is their type argument. */
const HANDLER_TYPES = new Set([
  'ToolHandler',
  'ResourceHandler',
  'ResourceTemplateHandler',
  'PromptHandler',
  'PromptCompletions',
  'ResourceTemplateCompletions',
]);

export interface RenameResult {
  content: string;
  /** False when the file did not export `fromIdent`: then only the type argument (if any) was updated. */
  renamedExport: boolean;
}

/** Renames the handler (or completions) export and the entry name in its `XxxHandler<'name'>` type annotation. */
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

/** A user file moved by a rename (project-relative paths), and its export before and after. */
export interface ModuleMove {
  from: string;
  to: string;
  fromExport: string;
  toExport: string;
}

export interface RetargetResult {
  content: string;
  /** The moves this file's imports now follow. */
  followed: ModuleMove[];
  /** References the edit could not make right (a namespace or dynamic import of a renamed export, an alias path). */
  unsafe: { line: number; column: number; message: string; move: ModuleMove }[];
}

/**
 * Points a user module's imports and re-exports of moved handler files at their new paths, keeping the extension
 * and quotes the user wrote. A renamed export keeps its local name: `import { alpha }` becomes
 * `import { gamma as alpha }`, so no other line changes. `file.was` is where the module sat when its specifiers were
 * written (a handler renamed in the same run moves too), `file.now` where it will be.
 */
export async function retargetImports(
  content: string,
  file: { was: string; now: string },
  moves: readonly ModuleMove[],
): Promise<RetargetResult> {
  const { SyntaxKind, Node } = await loadTsMorph();
  const { file: source } = await parse(content, `/importer${/\.[cm]?[jt]sx?$/.exec(file.now)?.[0] ?? '.ts'}`);
  const followed = new Set<ModuleMove>();
  const unsafe: RetargetResult['unsafe'] = [];
  const at = (node: MorphNode) => source.getLineAndColumnAtPos(node.getStart());
  const report = (node: MorphNode, move: ModuleMove, message: string) => unsafe.push({ ...at(node), move, message });

  // Every reference to another module, found before any edit, in the order of the text.
  const references: { node: MorphNode; literal: StringLiteral; statement: MorphNode }[] = [];
  source.forEachDescendant((node) => {
    let literal: StringLiteral | undefined;
    let statement: MorphNode = node;
    if (Node.isImportDeclaration(node) || Node.isExportDeclaration(node))
      literal = node.getModuleSpecifier()?.asKind(SyntaxKind.StringLiteral);
    else if (Node.isCallExpression(node)) {
      const callee = node.getExpression();
      if (callee.getKind() === SyntaxKind.ImportKeyword || (Node.isIdentifier(callee) && callee.getText() === 'require'))
        literal = node.getArguments()[0]?.asKind(SyntaxKind.StringLiteral);
    } else if (Node.isImportTypeNode(node))
      literal = node.getArgument().asKind(SyntaxKind.LiteralType)?.getLiteral().asKind(SyntaxKind.StringLiteral);
    else if (Node.isExternalModuleReference(node)) {
      literal = node.getExpression()?.asKind(SyntaxKind.StringLiteral);
      statement = node.getParent();
    }
    if (literal) references.push({ node, literal, statement });
  });
  for (const { node, literal, statement } of references) {
    const specifier = literal.getLiteralValue();
    const target = resolveSpecifier(specifier, file.was, moves);
    if (!target) continue;
    const { move } = target;
    if (!target.relative) {
      const exported = move.fromExport === move.toExport ? '' : `, which exports ${move.toExport} for ${move.fromExport}`;
      report(
        statement,
        move,
        `imports ${specifier}, a path mcp-gen does not resolve; ${move.from} is now ${move.to}${exported}: update this import by hand`,
      );
      continue;
    }
    const renamed = move.fromExport !== move.toExport;
    const next = specifierTo(move.to, file.now, target.extension);
    if (Node.isImportDeclaration(node)) {
      node.setModuleSpecifier(next);
      if (renamed) renameSpecifiers(node.getNamedImports(), move);
      const ns = node.getNamespaceImport()?.getText();
      if (
        renamed &&
        ns &&
        new RegExp(String.raw`(?<![\w$])${literally(ns)}\s*\??\.\s*${literally(move.fromExport)}(?![\w$])`).test(content)
      )
        report(node, move, `uses ${ns}.${move.fromExport}, which ${move.to} exports as ${move.toExport}: rename the uses by hand`);
    } else if (Node.isExportDeclaration(node)) {
      node.setModuleSpecifier(next);
      if (renamed && !node.hasNamedExports())
        report(
          node,
          move,
          `re-exports everything from ${move.to}, which exports ${move.toExport} for ${move.fromExport}: update the modules that import ${move.fromExport} from here`,
        );
      if (renamed) renameSpecifiers(node.getNamedExports(), move);
    } else {
      literal.setLiteralValue(next);
      if (renamed)
        report(
          statement,
          move,
          `loads ${move.to} by path (updated), which exports ${move.toExport} for ${move.fromExport}: rename what it takes from it by hand`,
        );
    }
    followed.add(move);
  }
  return { content: source.getFullText(), followed: [...followed], unsafe };
}

const literally = (ident: string) => ident.replace(/[$]/g, '\\$');

/**
 * The move a module specifier refers to: a relative one resolved from the importer, with the extension written
 * (`.js`, `.ts` or none); a bare one (a path alias) only when it ends in the moved file's path under src/, which is
 * reported but not rewritten.
 */
function resolveSpecifier(
  specifier: string,
  importer: string,
  moves: readonly ModuleMove[],
): { move: ModuleMove; relative: boolean; extension: string } | undefined {
  const [, stem, extension = ''] = /^(.*?)(\.js|\.ts)?$/.exec(specifier) ?? [];
  if (stem === undefined) return undefined;
  if (specifier.startsWith('./') || specifier.startsWith('../')) {
    const resolved = posix.normalize(posix.join(posix.dirname(importer), stem));
    const move = moves.find((m) => m.from === `${resolved}.ts`);
    return move && { move, relative: true, extension };
  }
  const move = moves.find((m) => {
    const tail = m.from.replace(/^src\//, '').replace(/\.ts$/, '');
    return stem === tail || stem.endsWith(`/${tail}`);
  });
  return move && { move, relative: false, extension };
}

/** `./handlers/tools/gamma.js` from src/extra.ts to src/handlers/tools/gamma.ts, with the extension the user wrote. */
function specifierTo(target: string, importer: string, extension: string): string {
  const path = posix.relative(posix.dirname(importer), target.replace(/\.ts$/, ''));
  return `${path.startsWith('.') ? '' : './'}${path}${extension}`;
}

/** Names the moved export by its new name in `import {...}` or `export {...}`, keeping the name the module used. */
function renameSpecifiers(specifiers: readonly (ImportSpecifier | ExportSpecifier)[], move: ModuleMove): void {
  for (const named of specifiers) {
    if (named.getName() !== move.fromExport) continue;
    const alias = named.getAliasNode()?.getText();
    named.setName(move.toExport);
    if (alias === undefined) named.setAlias(move.fromExport);
    else if (alias === move.toExport) named.removeAlias();
  }
}
