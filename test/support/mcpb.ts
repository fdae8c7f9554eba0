// The official MCP Bundle tooling (@anthropic-ai/mcpb), from the shared install of generated projects' packages:
// its CLI (validate, unpack) and its library (the manifest schemas, and getMcpConfigForManifest, which turns
// manifest.json and the user's settings into the command a desktop client starts).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { depsDir } from './generated-deps.js';

function packageDir(): string {
  const require = createRequire(join(depsDir(), 'package.json'));
  // The package's exports do not list package.json: find it from its main entry (dist/index.js).
  return dirname(dirname(require.resolve('@anthropic-ai/mcpb')));
}

export interface McpbResult {
  code: number;
  output: string;
}

/** `mcpb <args>`; never throws: the exit code and everything printed. */
export function mcpb(args: string[], cwd?: string): McpbResult {
  const dir = packageDir();
  const bin = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).bin as string;
  try {
    const output = execFileSync(process.execPath, [join(dir, bin), ...args], { cwd, encoding: 'utf8', stdio: 'pipe' });
    return { code: 0, output };
  } catch (err) {
    const e = err as { status: number; stdout: string; stderr: string };
    return { code: e.status, output: `${e.stdout}${e.stderr}` };
  }
}

export interface McpbLibrary {
  MANIFEST_SCHEMAS: Record<string, { safeParse(v: unknown): { success: boolean; error?: { issues: unknown[] } } }>;
  getMcpConfigForManifest(options: {
    manifest: unknown;
    extensionPath: string;
    systemDirs: Record<string, string>;
    userConfig: Record<string, unknown>;
    pathSeparator: string;
  }): Promise<{ command: string; args?: string[]; env?: Record<string, string> } | undefined>;
}

export async function mcpbLibrary(): Promise<McpbLibrary> {
  return (await import(pathToFileURL(join(packageDir(), 'dist', 'index.js')).href)) as McpbLibrary;
}
