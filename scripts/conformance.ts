// npm run conformance: generates examples/conformance with mcp-gen, builds it, serves it over Streamable HTTP on a
// free loopback port, and grades it with the official MCP conformance suite at protocol revisions 2025-11-25 and
// 2026-07-28. Exits non-zero when either revision has a failed check, in any scenario, scored or not.
import { spawn } from 'node:child_process';
import { ensureGeneratedDeps } from '../test/support/generated-deps.js';
import { prepareExample, startHttpServer, tempDir } from '../test/support/project.js';

/** Pinned: a new suite release is adopted deliberately. */
export const SUITE = '@modelcontextprotocol/conformance@0.2.0-alpha.12';
const REVISIONS = ['2025-11-25', '2026-07-28'];

/** Runs the suite (Node >= 22, fetched by npx) against `url`; resolves with its exit code and output. */
function grade(url: string, revision: string, cwd: string): Promise<{ code: number; output: string }> {
  const args = ['-y', '-p', 'node@22', '-p', SUITE, 'conformance', 'server', '--url', url, '--requirements', revision];
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let output = '';
    const tee = (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
    };
    child.stdout.on('data', tee);
    child.stderr.on('data', tee);
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

async function main(): Promise<number> {
  ensureGeneratedDeps();
  console.log('Generating and building examples/conformance ...');
  const dir = prepareExample('conformance');
  const server = await startHttpServer(dir);
  const results: { revision: string; code: number; failing: string[]; totals: string[] }[] = [];
  try {
    const cwd = tempDir('mcp-gen-conformance-');
    for (const revision of REVISIONS) {
      console.log(`\n=== conformance ${revision} against ${server.url}`);
      const { code, output } = await grade(server.url, revision, cwd);
      const lines = output
        .replace(/\x1b\[[0-9;]*m/g, '')
        .split('\n')
        .map((line) => line.trim());
      const totals = lines.filter((line) => /^(Total:|Not scored for|Baseline|Unexpected|Stale)/i.test(line));
      const failing = lines.flatMap((line) => /^✗ ([\w/.-]+):/.exec(line)?.[1] ?? []);
      if (failing.length) totals.push(`failing scenarios: ${failing.join(', ')}`);
      results.push({ revision, code, failing, totals });
    }
  } finally {
    await server.stop();
  }
  console.log('\n=== conformance summary');
  // The suite's exit code counts scored scenarios only; a failed check in an unscored one fails the run too.
  const passed = (r: (typeof results)[number]) => r.code === 0 && r.failing.length === 0;
  for (const r of results) console.log(`${r.revision}: ${passed(r) ? 'PASS' : `FAIL (exit ${r.code})`}  ${r.totals.join(' | ')}`);
  return results.every(passed) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
