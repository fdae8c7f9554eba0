// The loop a user lives in: edit mcp.yaml, run generate, learn whether the handlers still fit. Each figure is the
// median of fresh-process runs that alternate between two edits, with the project's dependencies linked (so the
// contract check runs on the project's own compiler), next to its budget.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { CLI, median, ROOT, TIMED_ENV } from './lib.mjs';
import { makeManifest } from './make-manifest.mjs';

/** Wall times of `command args` in fresh processes; `before(i)` runs untimed, `expect(result)` checks each run. */
function timeRuns(command, args, { runs, cwd, before, expect }) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    before?.(i);
    spawnSync('sync');
    const start = performance.now();
    const r = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 28, env: { ...TIMED_ENV, NO_COLOR: '1' } });
    times.push(performance.now() - start);
    const problem = expect(r);
    if (problem) throw new Error(`${command} ${args.join(' ')} in ${cwd}: ${problem}\n${(r.stdout + r.stderr).slice(0, 2000)}`);
  }
  return { ms: median(times), runs: times.map(Math.round) };
}

const exit0 = (r) => (r.status === 0 ? undefined : `exited ${r.status}`);
const generate = (cwd) => [process.execPath, [CLI, 'generate', '-q'], cwd];
const typecheck = (cwd) => ['npm', ['run', '-s', 'typecheck'], cwd];

/** The checked-in weather example: `npm run typecheck`, and one description changed then `generate` incl. the verdict. */
function weather(work, deps, runs) {
  const dir = join(work, 'edit-weather');
  cpSync(join(ROOT, 'examples', 'weather'), dir, { recursive: true, filter: (src) => !/[/\\](node_modules|dist|cache)$/.test(src) });
  symlinkSync(join(deps, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const source = readFileSync(join(dir, 'mcp.yaml'), 'utf8');
  const line = 'description: Daily forecast for a city, up to 7 days ahead.';
  if (!source.includes(line)) throw new Error(`examples/weather/mcp.yaml no longer has "${line}"`);
  const variant = (i) =>
    writeFileSync(join(dir, 'mcp.yaml'), source.replace(line, line.replace('ahead', i % 2 ? 'ahead (b)' : 'ahead (a)')));
  // Brings the copy up to this build and warms the incremental build, as the user's previous run did.
  const [cmd, args] = generate(dir);
  variant(1);
  if (spawnSync(cmd, args, { cwd: dir }).status !== 0) throw new Error('generate of the weather example failed');
  return {
    typecheck: timeRuns(...typecheck(dir).slice(0, 2), { runs, cwd: dir, expect: exit0 }),
    description: timeRuns(cmd, args, { runs, cwd: dir, before: variant, expect: exit0 }),
  };
}

/** 500 tools, one handler reading `input.query`: `npm run typecheck`, then `query` renamed back and forth, each run must name that handler. */
function big(work, deps, runs, tools = 500) {
  const dir = join(work, `edit-${tools}`);
  mkdirSync(dir, { recursive: true });
  const name = `op_${String(Math.floor(tools / 2)).padStart(4, '0')}`;
  const manifest = (to) => {
    const m = makeManifest(tools);
    const schema = m.tools[name].inputSchema;
    if (to) {
      schema.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k === 'query' ? to : k, v]));
      schema.required = schema.required.map((k) => (k === 'query' ? to : k));
    }
    return stringify(m, { aliasDuplicateObjects: false, lineWidth: 0 });
  };
  writeFileSync(join(dir, 'mcp.yaml'), manifest());
  const [cmd, args] = generate(dir);
  if (spawnSync(cmd, args, { cwd: dir }).status !== 0) throw new Error(`generate of the ${tools}-tool project failed`);
  symlinkSync(join(deps, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const handler = join(dir, 'src', 'handlers', 'tools', `${name}.ts`);
  const stub = readFileSync(handler, 'utf8');
  const body = /=> \{\n/.exec(stub);
  if (!body) throw new Error(`unexpected stub shape in ${handler}`);
  writeFileSync(handler, `${stub.slice(0, body.index + body[0].length)}  void input.query;\n${stub.slice(body.index + body[0].length)}`);
  const tc = timeRuns(...typecheck(dir).slice(0, 2), { runs, cwd: dir, expect: exit0 });
  if (spawnSync(cmd, args, { cwd: dir }).status !== 0) throw new Error(`generate of the ${tools}-tool project failed`);
  const verdict = `src/handlers/tools/${name}.ts:`;
  const rename = timeRuns(cmd, args, {
    runs,
    cwd: dir,
    before: (i) => writeFileSync(join(dir, 'mcp.yaml'), manifest(i % 2 ? 'term' : 'text')),
    expect: (r) =>
      r.status === 3 && r.stderr.includes(verdict) && r.stderr.includes('error input.query no longer exists')
        ? undefined
        : `expected exit 3 naming ${verdict}, got ${r.status}`,
  });
  return { tools, typecheck: tc, rename };
}

export function benchEditLoop(work, deps, runs = 5) {
  return { weather: weather(work, deps, runs), big: big(work, deps, runs) };
}

/** `generation`: the rows of the 500-tool manifest (validate and no-op regenerate have budgets too). */
export function renderEditLoop(r, fmtMs, generation) {
  const row = (step, m, budget) => `| ${step} | ${fmtMs(m.ms)} | ${fmtMs(budget)} | ${m.ms <= budget ? 'met' : 'MISSED'} |`;
  return [
    '| edit loop, dependencies installed (median of alternating fresh runs) | figure | budget | |',
    '|---|---:|---:|---|',
    row('one description changed, weather example, generate incl. contract verdict', r.weather.description, 1500),
    row(`one input property renamed, ${r.big.tools} tools, generate incl. verdict naming the broken handler`, r.big.rename, 3000),
    row('`npm run typecheck` of the generated weather project', r.weather.typecheck, 2000),
    row(`\`npm run typecheck\` of the generated ${r.big.tools}-tool project`, r.big.typecheck, 4000),
    ...(generation
      ? [
          row(`no-op regenerate, ${generation.tools} tools`, { ms: generation.noopRegenerate }, 100),
          row(`validate, ${generation.tools} tools`, { ms: generation.validate }, 300),
        ]
      : []),
  ].join('\n');
}
