// `mcp-gen import openapi SPEC`: an OpenAPI 3.0/3.1 document becomes a manifest with one tool per operation and
// a project whose handlers already call the API. Problems in the document are reported with positions, and when
// any is an error nothing is written.
import { resolve } from 'node:path';
import { words } from '../../core/index.js';
import { ImportError } from '../import-error.js';
import { assertWritable, type RunGenerate, writeImport } from '../import-output.js';
import { CLIENT_FILE, openApiUserFiles } from './handlers.js';
import { readSpec, specErrors, toIssue, type Json, type SpecDocument, type SpecFinding } from './load.js';
import { selectOperations } from './operations.js';
import { isObject } from '../../core/index.js';
import { SchemaConverter } from './schema.js';
import { apiConfig, envPrefixFor, type ApiConfig } from './security.js';
import { operationToTool, type ImportedTool } from './tool.js';
import { FULL, isFull, slimEntry, type SlimOptions } from './slim.js';
import { buildSurface, toolsListSize, type ListSize, type Manifest } from '../../core/index.js';
import { formatIssuesText, summarize } from '../../core/index.js';

export interface ImportOpenApiOptions {
  output: string;
  merge: boolean;
  tag: string[];
  path: string[];
  xMcpOnly: boolean;
  envPrefix?: string;
  /** How much of each schema to publish (slim imports); everything by default. */
  slim?: SlimOptions;
  /** Always run: the handlers that call the API are written with the project, or stubs would take their place. */
  generate: RunGenerate;
}

export interface OpenApiImport {
  spec: SpecDocument;
  manifest: Json;
  tools: ImportedTool[];
  api: ApiConfig;
  warnings: SpecFinding[];
  /** tools/list of the written manifest, and of the same import with full schemas. */
  cost: { full: ListSize; written: ListSize };
}

/** The document as a manifest, in memory; throws with positioned errors when the document cannot be imported. */
export function convertOpenApi(specPath: string, opts: Omit<ImportOpenApiOptions, 'output' | 'merge' | 'generate'>): OpenApiImport {
  const spec = readSpec(specPath);
  const findings: SpecFinding[] = [];
  const operations = selectOperations(spec, { tags: opts.tag, paths: opts.path, xMcpOnly: opts.xMcpOnly }, findings);
  const api = apiConfig(spec, envPrefixFor(spec, opts.envPrefix), findings);
  const converter = new SchemaConverter(spec.doc, spec.version, findings);
  const tools = operations.map((o) => operationToTool(spec, o, converter, api, findings));
  const unique = dedupe(findings);
  if (unique.some((f) => (f.severity ?? 'error') === 'error')) {
    throw specErrors(spec.file, spec.source, sortIssues(unique.map((f) => toIssue(spec, f))));
  }
  if (tools.length === 0) {
    throw new ImportError(
      `${spec.file}: no operation to import`,
      opts.tag.length || opts.path.length || opts.xMcpOnly
        ? 'check the --tag, --path and --x-mcp-only filters'
        : 'the document declares no operations under paths:',
    );
  }
  const info = isObject(spec.doc.info) ? spec.doc.info : {};
  const server: Json = {
    name: words(typeof info.title === 'string' ? info.title : 'api').join('-') || 'api',
    version: typeof info.version === 'string' && info.version ? info.version : '0.0.0',
  };
  if (typeof info.title === 'string') server.title = info.title;
  const about = typeof info.summary === 'string' ? info.summary : typeof info.description === 'string' ? info.description : undefined;
  if (about?.trim()) server.description = about.trim();
  const slim = opts.slim ?? FULL;
  const full: Json = { version: 1, server, tools: Object.fromEntries(tools.map((t) => [t.name, t.entry])) };
  const manifest: Json = isFull(slim) ? full : { ...full, tools: Object.fromEntries(tools.map((t) => [t.name, slimEntry(t.entry, slim)])) };
  const size = (m: Json) => toolsListSize(buildSurface(m as unknown as Manifest));
  const written = size(manifest);
  return { spec, manifest, tools, api, warnings: unique, cost: { full: isFull(slim) ? written : size(full), written } };
}

export async function runImportOpenApi(specPath: string, opts: ImportOpenApiOptions): Promise<void> {
  assertWritable(resolve(opts.output), opts.merge);
  const imported = convertOpenApi(specPath, opts);
  const { spec, api, tools } = imported;
  if (imported.warnings.length) {
    const issues = sortIssues(imported.warnings.map((f) => toIssue(spec, f)));
    process.stderr.write(`${formatIssuesText(issues, spec.file, spec.source)}\n\n${summarize(issues)}\n`);
  }
  process.stdout.write(
    `imported ${tools.length} operation${tools.length === 1 ? '' : 's'} from ${spec.file} (OpenAPI ${String(spec.doc.openapi)})\n`,
  );
  process.stdout.write(`${costLine(imported.cost)}\n`);
  const credentials = Object.values(api.schemes).flatMap((s) => (s.type === 'basic' ? [s.usernameEnv, s.passwordEnv] : [s.env]));
  const header = [
    'yaml-language-server: $schema=.mcp-gen/manifest.schema.json',
    `Imported by mcp-gen import openapi from ${spec.file} (OpenAPI ${String(spec.doc.openapi)}).`,
    `Each tool's handler calls the API through ${CLIENT_FILE}: it reads the base URL from ${api.baseUrlEnv}` +
      (api.defaultBaseUrl ? ` (default ${api.defaultBaseUrl})` : ' (required)') +
      (credentials.length ? ` and credentials from ${credentials.join(', ')}.` : '.'),
  ];
  const written = await writeImport({
    manifestPath: resolve(opts.output),
    manifest: imported.manifest,
    header,
    notes: new Map(),
    merge: opts.merge,
    generate: opts.generate,
    userFiles: (manifest) => openApiUserFiles(tools, api, manifest),
  });
  if (written.created.length || written.kept.length) {
    const handlers = (list: string[]) => list.filter((f) => f !== CLIENT_FILE).length;
    process.stdout.write(
      `handlers that call the API: created ${handlers(written.created)}, kept ${handlers(written.kept)} (yours, unchanged)` +
        `${written.created.includes(CLIENT_FILE) ? `; created ${CLIENT_FILE}` : ''}\n`,
    );
  }
}

/** What the imported tools/list costs every conversation, and what the slim options saved. */
export function costLine({ full, written }: OpenApiImport['cost']): string {
  const tokens = (s: ListSize) => `~${s.tokens.toLocaleString('en-US')} tokens (${s.bytes.toLocaleString('en-US')} bytes)`;
  if (written.bytes === full.bytes) {
    return `tools/list: ${tokens(written)}${written.tokens > 10_000 ? '; --output-schema shallow --schema-depth 3 --nested-descriptions trim cuts it (docs/import.md)' : ''}`;
  }
  return `tools/list: ${tokens(written)}, ${Math.round((1 - written.bytes / full.bytes) * 100)}% less than the ~${full.tokens.toLocaleString('en-US')} tokens of full schemas`;
}

function dedupe(findings: SpecFinding[]): SpecFinding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${JSON.stringify(f.path)} ${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function sortIssues<T extends { line: number; column: number }>(issues: T[]): T[] {
  return [...issues].sort((a, b) => a.line - b.line || a.column - b.column);
}
