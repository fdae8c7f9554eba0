// Runs several mcp-gen command lines in one Node process. bin/mcp-gen.js is `process.exitCode = await
// main(process.argv)`; calling the built main() with each argv in turn runs the same code, and the docs test pays for
// one process start and one load of the pipeline instead of one per command line (they cost seconds on a busy CI
// machine).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

// What each run writes is collected, then everything is printed as one JSON array on the real stdout.
const SCRIPT = `
const { main } = await import(process.argv[1]);
const write = { out: process.stdout.write, err: process.stderr.write };
const runs = [];
for (const args of JSON.parse(process.argv[2])) {
  const seen = { stdout: '', stderr: '' };
  process.stdout.write = (chunk) => ((seen.stdout += String(chunk)), true);
  process.stderr.write = (chunk) => ((seen.stderr += String(chunk)), true);
  let code;
  try {
    code = await main(['node', 'mcp-gen', ...args]);
  } finally {
    process.stdout.write = write.out;
    process.stderr.write = write.err;
  }
  runs.push({ code, ...seen });
}
process.stdout.write(JSON.stringify(runs));
`;

/** The module whose main() bin/mcp-gen.js runs, read from bin/mcp-gen.js itself so the two cannot drift apart. */
function mainModule(root: string): string {
  const bin = readFileSync(join(root, 'bin/mcp-gen.js'), 'utf8');
  // `import { main } from '...'` or, behind the no-op fast path, `const { main } = await import('...')`.
  const from = /\{\s*main\s*\}\s*(?:from\s*|=\s*await\s+import\(\s*)['"]([^'"]+)['"]/.exec(bin)?.[1];
  if (!from) throw new Error('bin/mcp-gen.js no longer imports { main } from a module: update test/docs/run-cli.ts');
  return pathToFileURL(resolve(root, 'bin', from)).href;
}

export async function runCli(root: string, argvs: string[][]): Promise<CliRun[]> {
  const cli = mainModule(root);
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', SCRIPT, cli, JSON.stringify(argvs)], {
    cwd: root,
    env: { ...process.env, NO_COLOR: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout) as CliRun[];
}
