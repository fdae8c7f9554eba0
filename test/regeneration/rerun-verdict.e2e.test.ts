// The same `generate` on the same tree gives the same verdict: after a run that found handlers no longer fitting the
// manifest (exit 3), running it again with nothing changed must not take the up-to-date shortcut and exit 0, which
// would let CI pass a project whose build fails. A clean tree's no-op still takes the fast path (bin/mcp-gen.js,
// generator/cli/fast-generate.ts): a "sealed" copy of the package, whose CLI bundle only throws, answers only then.
import { copyFileSync, cpSync, lstatSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { linkDeps } from '../support/generated-deps.js';
import { CLI, ROOT, tempDir } from '../support/project.js';

const manifest = (prop: string, extra = '') => `version: 1
server: {name: rerun-me, version: 1.0.0}
tools:
  get_forecast:
    description: Forecast for a city
    inputSchema:
      type: object
      properties:
        ${prop}: {type: string}
      required: [${prop}]
${extra}`;

const handler = (prop: string) => `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';

export const getForecast: ToolHandler<'get_forecast'> = async (input) => {
  return text(\`Sun in \${input.${prop}}\`);
};
`;

const LOADED = 'the CLI bundle was loaded';
let sealed: string;

beforeAll(() => {
  const dir = tempDir('mcp-gen-sealed-');
  mkdirSync(join(dir, 'dist', 'cli'), { recursive: true });
  mkdirSync(join(dir, 'templates'));
  cpSync(join(ROOT, 'bin'), join(dir, 'bin'), { recursive: true });
  for (const f of ['package.json', 'dist/fast-generate.js', 'dist/fingerprint.txt']) copyFileSync(join(ROOT, f), join(dir, f));
  writeFileSync(join(dir, 'dist', 'cli', 'index.js'), `throw new Error(${JSON.stringify(LOADED)});\n`);
  sealed = join(dir, 'bin', 'mcp-gen.js');
});

interface Project {
  dir: string;
  /** A run cache of its own (XDG_CACHE_HOME), so that no other test's runs touch its record. */
  cache: string;
}

function run(p: Project, args: string[], cli = CLI) {
  const r = spawnSync(process.execPath, [cli, ...args], {
    cwd: p.dir,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, NO_COLOR: '1', XDG_CACHE_HOME: p.cache },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * Sets every time in the tree a minute back, so that the stat shortcut may trust it (it never trusts fresh files);
 * not in the shared dependency install that node_modules links to.
 */
function age(path: string): void {
  const then = Date.now() / 1000 - 60;
  for (const name of readdirSync(path, { recursive: true }) as string[]) {
    if (name === 'node_modules' || name.startsWith('node_modules/')) continue;
    if (!lstatSync(join(path, name)).isSymbolicLink()) utimesSync(join(path, name), then, then);
  }
  utimesSync(path, then, then);
}

/** A no-op generate of a clean tree: the full CLI verifies it, after which the fast path alone answers. */
function expectFastNoOp(p: Project): void {
  age(p.dir);
  expect(run(p, ['generate'])).toMatchObject({ code: 0, stdout: expect.stringMatching(/^up to date: \. was generated/) });
  expect(run(p, ['generate', '-q'], sealed)).toEqual({ code: 0, stdout: '', stderr: '' });
}

/** A project with dependencies linked and a handler that reads `input.city`, verified clean. */
function project(): Project {
  const p = { dir: tempDir('rerun-verdict-'), cache: tempDir('rerun-verdict-cache-') };
  writeFileSync(join(p.dir, 'mcp.yaml'), manifest('city'));
  expect(run(p, ['generate']).code).toBe(0);
  linkDeps(p.dir);
  writeFileSync(join(p.dir, 'src/handlers/tools/get_forecast.ts'), handler('city'));
  expect(run(p, ['check']).code).toBe(0);
  expectFastNoOp(p);
  return p;
}

describe('generate after a run that ended with exit 3', () => {
  it('exits 3 again on every rerun, naming the problem, until the handler is fixed; then the fast path answers again', () => {
    const p = project();
    writeFileSync(join(p.dir, 'mcp.yaml'), manifest('town'));
    const problem =
      /src\/handlers\/tools\/get_forecast\.ts:5:\d+: error input\.city no longer exists \((removed from|not in) get_forecast\.inputSchema\)/;
    const first = run(p, ['generate']);
    expect(first.code, first.stdout + first.stderr).toBe(3);
    expect(first.stderr).toMatch(problem);
    expect(first.stdout).toContain('update   src/generated/types.gen.ts');

    // Nothing changed: neither the fast path nor the full CLI's up-to-date answer may take the run.
    age(p.dir);
    const fallback = run(p, ['generate'], sealed);
    expect(fallback.stderr).toContain(LOADED);
    const second = run(p, ['generate']);
    expect(second.code, second.stdout + second.stderr).toBe(3);
    expect(second.stdout).not.toContain('up to date');
    expect(second.stdout).toMatch(/created 0, updated 0, unchanged \d+ in \d+ ms/);
    expect(second.stderr).toMatch(problem);
    const json = JSON.parse(run(p, ['generate', '--json']).stdout);
    expect(json).toMatchObject({ exitCode: 3, upToDate: false });
    expect(json.handlerProblems).toEqual([expect.objectContaining({ file: 'src/handlers/tools/get_forecast.ts', line: 5 })]);

    // A run that skips the check gives no verdict of its own: the next one that checks finds the problem again.
    expect(run(p, ['generate', '--no-check']).code).toBe(0);
    const third = run(p, ['generate']);
    expect(third.code, third.stdout + third.stderr).toBe(3);
    expect(third.stderr).toMatch(problem);
    expect(run(p, ['check']).code).toBe(1);

    writeFileSync(join(p.dir, 'src/handlers/tools/get_forecast.ts'), handler('town'));
    const fixed = run(p, ['generate']);
    expect(fixed.code, fixed.stdout + fixed.stderr).toBe(0);
    expect(fixed.stderr).toBe('');
    expectFastNoOp(p);
  }, 240_000);

  it('exits 3 again for an orphaned handler that no longer compiles', () => {
    const p = project();
    writeFileSync(join(p.dir, 'mcp.yaml'), manifest('city').replace('get_forecast:', 'forecast:'));
    const problem = 'error handler of tools.get_forecast, which is no longer in the manifest';
    const first = run(p, ['generate']);
    expect(first.code, first.stdout + first.stderr).toBe(3);
    expect(first.stderr).toContain(problem);
    age(p.dir);
    expect(run(p, ['generate'], sealed).stderr).toContain(LOADED);
    const second = run(p, ['generate']);
    expect(second.code, second.stdout + second.stderr).toBe(3);
    expect(second.stdout).toContain('orphaned src/handlers/tools/get_forecast.ts');
    expect(second.stderr).toContain(problem);
  }, 240_000);

  it('names an orphaned handler once, however many of its lines no longer compile', () => {
    const p = project();
    const uses = handler('city').replace('return text(', 'const a = input.city;\n  const b = input.city;\n  return text(a + b + ');
    writeFileSync(join(p.dir, 'src/handlers/tools/get_forecast.ts'), uses);
    expect(run(p, ['generate']).code).toBe(0);
    writeFileSync(join(p.dir, 'mcp.yaml'), manifest('city').replace('get_forecast:', 'forecast:'));
    const r = run(p, ['generate']);
    expect(r.code, r.stdout + r.stderr).toBe(3);
    const lines = r.stderr.split('\n').filter((l) => l.startsWith('src/handlers/tools/get_forecast.ts:'));
    expect(lines).toEqual([expect.stringContaining('error handler of tools.get_forecast, which is no longer in the manifest')]);
  }, 240_000);
});
