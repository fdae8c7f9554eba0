// `mcp-gen import server` and `mcp-gen import openapi`: bring an existing MCP server or HTTP API onto a manifest.
import { CommanderError, type Command } from 'commander';

export function registerImportCommands(program: Command): void {
  const importCmd = program
    .command('import')
    .description('Write a manifest (and generate the project) from a running MCP server or an OpenAPI document.');

  importCmd
    .command('server')
    .description('Import a running MCP server: stdio (mcp-gen import server -- COMMAND [ARGS...]) or Streamable HTTP (--url URL).')
    .argument('[command...]', 'the command that starts the server on stdio, after --')
    .option('--url <url>', 'Streamable HTTP endpoint of the server')
    .option('-H, --header <header>', 'HTTP header for --url, "Name: value" (repeatable)', collect)
    .option('-o, --output <file>', 'manifest to write', 'mcp.yaml')
    .option('--merge', 'update an existing manifest: add new entries, report changed ones')
    .option('--no-generate', 'write the manifest only')
    .option('--era <era>', 'protocol era to speak: auto, legacy (2025 initialize) or modern (2026-07-28)', 'auto')
    .option('--timeout <ms>', 'how long to wait for each answer', '30000')
    .action(
      async (
        command: string[],
        opts: { url?: string; header?: string[]; output: string; merge?: boolean; generate: boolean; era: string; timeout: string },
      ) => {
        const imports = await loadImport();
        await guarded(imports, () =>
          imports.runImportServer({
            ...opts,
            command,
            header: opts.header ?? [],
            merge: opts.merge === true,
            generate: opts.generate && generateProject,
          }),
        );
      },
    );

  importCmd
    .command('openapi')
    .description(
      'Import an OpenAPI 3.0 or 3.1 document (JSON or YAML, local file): one tool per operation, with handlers that call the API.',
    )
    .argument('<spec>', 'the OpenAPI document')
    .option('-o, --output <file>', 'manifest to write', 'mcp.yaml')
    .option('--merge', 'update an existing manifest: add new operations, report changed ones')
    .option('--tag <tag>', 'only operations with this tag (repeatable)', collect)
    .option('--path <pattern>', 'only paths matching this pattern, * for any characters (repeatable)', collect)
    .option('--x-mcp-only', 'only operations marked x-mcp: true (x-mcp: false always excludes one)')
    .option('--env-prefix <prefix>', 'prefix of the environment variables for base URL and credentials (default: from info.title)')
    .option(
      '--output-schema <mode>',
      'full (default), shallow (top-level fields only) or none (text results): response schemas are most of a tools/list',
      'full',
    )
    .option('--schema-depth <n>', 'levels of nested properties kept in input and output schemas; deeper objects become {type: object}')
    .option(
      '--nested-descriptions <mode>',
      'keep (default), trim (first sentence) or drop the descriptions below the top-level arguments',
      'keep',
    )
    .action(
      async (
        spec: string,
        opts: {
          output: string;
          merge?: boolean;
          tag?: string[];
          path?: string[];
          xMcpOnly?: boolean;
          envPrefix?: string;
          outputSchema: string;
          schemaDepth?: string;
          nestedDescriptions: string;
        },
      ) => {
        const filters = { tag: opts.tag ?? [], path: opts.path ?? [], xMcpOnly: opts.xMcpOnly === true };
        const imports = await loadImport();
        await guarded(imports, () =>
          imports.runImportOpenApi(spec, {
            ...opts,
            ...filters,
            slim: imports.slimOptions(opts),
            merge: opts.merge === true,
            generate: generateProject,
          }),
        );
      },
    );
}

/** The project is generated as `mcp-gen generate` would, printing included. */
async function generateProject(manifestPath: string): Promise<number> {
  return (await import('./commands.js')).runGenerate({ manifest: manifestPath });
}

// The import modules (and the SDK client) load only when an import runs, not on every mcp-gen start.
const loadImport = () => import('../import/index.js');
type ImportModule = Awaited<ReturnType<typeof loadImport>>;

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/**
 * Import failures are the input's fault: one message and a hint, never a stack trace. cli.ts turns a thrown
 * CommanderError into exit code 2 and any other error into its message and exit code 1.
 */
async function guarded({ formatImportError, ImportError, UsageError }: ImportModule, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (err) {
    if (!(err instanceof ImportError)) throw err;
    if (err.details) process.stderr.write(`${err.details}\n\n`);
    if (err instanceof UsageError) {
      process.stderr.write(formatImportError(err));
      throw new CommanderError(2, 'mcp-gen.usage', err.message);
    }
    throw new Error(
      formatImportError(err)
        .replace(/^mcp-gen: error: /, '')
        .trimEnd(),
    );
  }
}
