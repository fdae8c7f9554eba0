// `mcp-gen import server`: a running MCP server (stdio command or Streamable HTTP URL) becomes a manifest that,
// once generated, publishes the same lists. What the manifest language cannot hold is reported as a gap.
import { resolve } from 'node:path';
import { ImportError, UsageError } from '../import-error.js';
import { assertWritable, type RunGenerate, writeImport } from '../import-output.js';
import { readServer, type Era, type ServerTarget } from './snapshot.js';
import { snapshotToManifest } from './snapshot-to-manifest.js';

export interface ImportServerOptions {
  command: string[];
  url?: string;
  header: string[];
  output: string;
  merge: boolean;
  generate: RunGenerate | false;
  era: string;
  timeout: string;
}

export async function runImportServer(opts: ImportServerOptions): Promise<void> {
  const target = parseTarget(opts);
  assertWritable(resolve(opts.output), opts.merge);
  const snapshot = await readServer(target);
  const imported = snapshotToManifest(snapshot);
  const count = (k: string) => Object.keys((imported.manifest[k] ?? {}) as object).length;
  process.stdout.write(
    `imported ${count('tools')} tools, ${count('resources')} resources, ${count('resourceTemplates')} resource templates and ` +
      `${count('prompts')} prompts from ${snapshot.source} (protocol ${snapshot.protocolVersion})\n`,
  );
  if (imported.gaps.length) {
    process.stderr.write(
      `warning: ${imported.gaps.length} difference${imported.gaps.length === 1 ? '' : 's'} the manifest cannot express ` +
        `(a server generated from it publishes these differently; each is noted in the manifest):\n` +
        imported.gaps.map((g) => `  ${g.message}`).join('\n') +
        '\n',
    );
  }
  const header = [
    'yaml-language-server: $schema=.mcp-gen/manifest.schema.json',
    `Imported by mcp-gen import server from ${snapshot.source} (protocol ${snapshot.protocolVersion}).`,
    'Handlers in src/handlers/ start as stubs: implement them, then review this file like any other manifest.',
  ];
  await writeImport({
    manifestPath: resolve(opts.output),
    manifest: imported.manifest,
    header,
    notes: prefixNotes(imported.notes),
    merge: opts.merge,
    generate: opts.generate,
  });
}

function prefixNotes(notes: Map<string, string[]>): Map<string, string[]> {
  return new Map(
    [...notes].map(([k, lines]) => [
      k,
      ['import: the source publishes this differently than the manifest can say:', ...lines.map((l) => `  ${l}`)],
    ]),
  );
}

function parseTarget(opts: ImportServerOptions): ServerTarget {
  if (opts.url !== undefined && opts.command.length > 0) {
    throw new UsageError('give either --url URL or a command after --, not both');
  }
  if (opts.url === undefined && opts.command.length === 0) {
    throw new UsageError('give the server to import: mcp-gen import server -- COMMAND [ARGS...], or --url URL');
  }
  if (opts.url !== undefined && !URL.canParse(opts.url)) {
    throw new UsageError(
      `--url ${JSON.stringify(opts.url)} is not a URL`,
      "pass the server's Streamable HTTP endpoint, e.g. http://127.0.0.1:3000/mcp",
    );
  }
  if (!['auto', 'legacy', 'modern'].includes(opts.era))
    throw new UsageError(`--era must be auto, legacy or modern, not ${JSON.stringify(opts.era)}`);
  const timeoutMs = Number(opts.timeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    throw new UsageError(`--timeout must be a positive number of milliseconds, not ${JSON.stringify(opts.timeout)}`);
  const headers: Record<string, string> = {};
  for (const h of opts.header) {
    const colon = h.indexOf(':');
    if (colon <= 0) throw new UsageError(`--header ${JSON.stringify(h)} must look like "Name: value"`);
    headers[h.slice(0, colon).trim()] = h.slice(colon + 1).trim();
  }
  if (opts.header.length && opts.url === undefined) throw new UsageError('--header only applies to --url');
  return { command: opts.command, url: opts.url, headers, era: opts.era as Era, timeoutMs };
}

/** A bad command line: exit code 2. */
export { UsageError };
