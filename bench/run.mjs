// npm run bench: generation speed at 10/100/500/2,000 tools, peak memory, tsc time of a generated project, and the
// generated server against a hand-written one, tmcp and the bare node:http floor (compare-servers.mjs), and the
// platforms' budgets (platforms.mjs). Prints a table
// and writes bench/results.json. Not a test: figures depend on the machine; compare them with the figures in
// docs/development.md (Bench, Scale). BENCH_ONLY=servers runs the server comparison alone.
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { ensureGeneratedDeps } from '../test/support/generated-deps.ts';
import { compareOpenApi, renderOpenApi } from './compare-openapi.mjs';
import { compareScale, renderScale } from './compare-scale.mjs';
import { compareServers, prepareServers, renderServers } from './compare-servers.mjs';
import { benchEditLoop, renderEditLoop } from './edit-loop.mjs';
import { fmtMs, peakRssMb, ROOT, timeCli, timeCommand } from './lib.mjs';
import { makeManifest } from './make-manifest.mjs';
import { benchPlatforms, renderPlatforms } from './platforms.mjs';

const SIZES = (process.env.BENCH_SIZES ?? '10,100,500,2000').split(',').map(Number);
const serversOnly = process.env.BENCH_ONLY === 'servers';
const work = join(ROOT, 'bench', '.work');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const yaml = (m) => stringify(m, { aliasDuplicateObjects: false, lineWidth: 0 });
const texts = new Map();
const results = { machine: { node: process.version, cpus: (await import('node:os')).cpus().length }, generation: [], servers: undefined };
const started = performance.now();
// Every figure below includes a Node start; this is its cost alone on this machine, as timed runs start it (see
// TIMED_ENV) and, when the variable is set here, with NODE_EXTRA_CA_CERTS (a certificate bundle parsed at every start).
results.nodeStartMs = timeCommand(process.execPath, ['-e', '0'], { runs: 7 });
if (process.env.NODE_EXTRA_CA_CERTS)
  results.nodeStartWithCaCertsMs = timeCommand(process.execPath, ['-e', '0'], { runs: 7, env: process.env });

for (const size of serversOnly ? [] : SIZES) {
  const dir = join(work, `t${size}`);
  mkdirSync(dir, { recursive: true });
  const base = join(dir, 'base.yaml');
  const changedA = join(dir, 'changed-a.yaml');
  const changedB = join(dir, 'changed-b.yaml');
  writeFileSync(base, yaml(makeManifest(size)));
  writeFileSync(changedA, yaml(makeManifest(size, { changedTool: Math.floor(size / 2), variant: 1 })));
  writeFileSync(changedB, yaml(makeManifest(size, { changedTool: Math.floor(size / 2), variant: 2 })));
  const out = join(dir, 'out');
  const manifest = join(dir, 'mcp.yaml');
  const use = (file) => writeFileSync(manifest, readText(file));
  const runs = size >= 2000 ? 3 : 5;
  const row = { tools: size, manifestKb: Math.round(readText(base).length / 1024) };
  use(base);
  row.validate = timeCli(['validate', '-m', manifest, '--format', 'json'], { runs });
  row.coldGenerate = timeCli(['generate', '-m', manifest, '-o', out, '-q'], {
    runs,
    before: () => rmSync(out, { recursive: true, force: true }),
  });
  // A no-op as a user meets it: nothing changed since a run a moment ago. Files written in the last two seconds are
  // not trusted by their time stamps (see core/tree-signature.ts), so the series starts after a settled run.
  settle();
  timeCli(['generate', '-m', manifest, '-o', out, '-q'], { runs: 1 });
  // A no-op costs little more than a Node start, so a busy moment moves its median most: it gets more runs.
  row.noopRegenerate = timeCli(['generate', '-m', manifest, '-o', out, '-q'], { runs: runs * 3 });
  row.oneToolChanged = timeCli(['generate', '-m', manifest, '-o', out, '-q'], { runs, before: (i) => use(i % 2 ? changedB : changedA) });
  use(base);
  timeCli(['generate', '-m', manifest, '-o', out, '-q'], { runs: 1 });
  row.check = timeCli(['check', '-m', manifest, '-o', out], { runs: Math.min(runs, 3) });
  row.diff = timeCli(['diff', base, changedA], { runs: Math.min(runs, 3) });
  results.generation.push(row);
  console.error(`${size} tools: done (${fmtMs(performance.now() - started)} so far)`);
}

const deps = ensureGeneratedDeps();
if (!serversOnly) {
  const big = SIZES.includes(2000) ? 2000 : SIZES.at(-1);
  results.peakRssMb = {
    tools: big,
    generate: peakRssMb(['generate', '-m', join(work, `t${big}`, 'base.yaml'), '-o', join(work, 'rss-out'), '-q']),
  };

  const mid = SIZES.includes(500) ? 500 : SIZES.at(-1);
  const project = join(work, `t${mid}`, 'out');
  if (!existsSync(join(project, 'node_modules'))) symlinkSync(join(deps, 'node_modules'), join(project, 'node_modules'), 'dir');
  results.tscNoEmit = {
    tools: mid,
    ms: timeCommand(process.execPath, [join(deps, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project, '--noEmit'], { runs: 2 }),
  };
  results.contractCheck = {
    tools: mid,
    ms: timeCli(['generate', '-m', join(work, `t${mid}`, 'changed-a.yaml'), '-o', project, '-q'], { runs: 1 }),
  };
  results.editLoop = benchEditLoop(work, deps);
  results.openapi = compareOpenApi(work);
}
const servers = await prepareServers(work, deps);
results.servers = await compareServers(servers);
if (!serversOnly) results.scale = await compareScale(work, deps);
if (!serversOnly) results.platforms = await benchPlatforms(work);
results.totalSeconds = Math.round((performance.now() - started) / 1000);
writeFileSync(join(ROOT, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(renderTable(results));

function settle() {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2100);
}

function readText(file) {
  if (!texts.has(file)) texts.set(file, readFileSync(file, 'utf8'));
  return texts.get(file);
}

function renderTable(r) {
  if (!r.generation.length) return renderServers(r.servers);
  const lines = [
    '| tools | manifest | validate | cold generate | no-op regenerate | one tool changed | check | diff |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const g of r.generation)
    lines.push(
      `| ${g.tools} | ${g.manifestKb} kB | ${fmtMs(g.validate)} | ${fmtMs(g.coldGenerate)} | ${fmtMs(g.noopRegenerate)} | ${fmtMs(g.oneToolChanged)} | ${fmtMs(g.check)} | ${fmtMs(g.diff)} |`,
    );
  lines.push('', `peak RSS of generate at ${r.peakRssMb.tools} tools: ${r.peakRssMb.generate.toFixed(0)} MB`);
  lines.push(`tsc --noEmit of the generated ${r.tscNoEmit.tools}-tool project: ${fmtMs(r.tscNoEmit.ms)}`);
  lines.push(
    `generate after one tool changed, with the handler contract check (dependencies installed), ${r.contractCheck.tools} tools: ${fmtMs(r.contractCheck.ms)}`,
  );
  lines.push(
    `Node start alone (node -e 0), as timed runs start it: ${fmtMs(r.nodeStartMs)}${r.nodeStartWithCaCertsMs ? `; with this machine's NODE_EXTRA_CA_CERTS, which timed runs drop: ${fmtMs(r.nodeStartWithCaCertsMs)}` : ''}`,
  );
  lines.push(
    '',
    renderEditLoop(
      r.editLoop,
      fmtMs,
      r.generation.find((g) => g.tools === 500),
    ),
  );
  lines.push('', renderOpenApi(r.openapi, fmtMs));
  lines.push('', renderServers(r.servers));
  lines.push('', renderScale(r.scale));
  if (r.platforms) lines.push('', renderPlatforms(r.platforms));
  lines.push('', `total: ${r.totalSeconds} s`);
  return lines.join('\n');
}
