// Cold generation next to a peer: the same 500-operation OpenAPI document turned into a server project by
// `mcp-gen import openapi` (document -> manifest -> project) and by openapi-mcp-generator (document -> project),
// in fresh processes, alternating, each into an empty folder. The peer is installed once, pinned, into .cache/.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, median, ROOT, TIMED_ENV } from './lib.mjs';

const PEER = { name: 'openapi-mcp-generator', version: '4.0.1' };
export const OPERATIONS = 500;

/** 250 resources, each with a GET (path and query parameters) and a POST (a JSON body): 500 operations. */
export function comparisonSpec(operations = OPERATIONS) {
  const paths = {};
  const item = {
    type: 'object',
    properties: { id: { type: 'string' }, name: { type: 'string' }, count: { type: 'integer', minimum: 0 } },
    required: ['id', 'name'],
  };
  for (let i = 0; i < operations / 2; i++) {
    paths[`/things${i}/{id}`] = {
      get: {
        operationId: `getThing${i}`,
        summary: `Reads thing ${i} by id.`,
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' }, description: 'The id' },
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 }, description: 'At most this many' },
        ],
        responses: { 200: { description: 'The thing', content: { 'application/json': { schema: item } } } },
      },
    };
    paths[`/things${i}`] = {
      post: {
        operationId: `createThing${i}`,
        summary: `Creates a thing of kind ${i}.`,
        requestBody: { required: true, content: { 'application/json': { schema: item } } },
        responses: { 201: { description: 'Created', content: { 'application/json': { schema: item } } } },
      },
    };
  }
  return { openapi: '3.0.3', info: { title: 'Things', version: '1.0.0' }, servers: [{ url: 'https://api.example.com' }], paths };
}

function peerBin() {
  const dir = join(ROOT, '.cache', 'bench-peers', `${PEER.name}-${PEER.version}`);
  const bin = join(dir, 'node_modules', PEER.name, 'bin', `${PEER.name}.js`);
  if (!existsSync(bin)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{"private": true}\n');
    const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', `${PEER.name}@${PEER.version}`], { cwd: dir, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`installing ${PEER.name}: ${r.stderr.slice(0, 2000)}`);
  }
  return bin;
}

/** Medians of `runs` alternating fresh-process runs of both tools on one document. */
export function compareOpenApi(work, runs = 7) {
  const dir = join(work, 'openapi-compare');
  mkdirSync(dir, { recursive: true });
  const spec = join(dir, 'spec.json');
  writeFileSync(spec, JSON.stringify(comparisonSpec()));
  const peer = peerBin();
  const ours = join(dir, 'mcp-gen');
  const theirs = join(dir, 'peer');
  const runs_ = {
    'mcp-gen': () => [
      process.execPath,
      [CLI, 'import', 'openapi', spec, '-o', join(ours, 'mcp.yaml')],
      ours,
      join(ours, 'src', 'generated'),
    ],
    [PEER.name]: () => [process.execPath, [peer, '-i', spec, '-o', theirs], dir, join(theirs, 'src')],
  };
  const times = { 'mcp-gen': [], [PEER.name]: [] };
  for (let i = 0; i < runs; i++) {
    for (const name of i % 2 ? [PEER.name, 'mcp-gen'] : ['mcp-gen', PEER.name]) {
      const [command, args, cwd, made] = runs_[name]();
      for (const d of [ours, theirs]) rmSync(d, { recursive: true, force: true });
      mkdirSync(ours, { recursive: true });
      spawnSync('sync');
      const start = performance.now();
      const r = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 28, env: TIMED_ENV });
      times[name].push(performance.now() - start);
      if (r.status !== 0 || !existsSync(made)) throw new Error(`${name} failed (${r.status}):\n${(r.stdout + r.stderr).slice(0, 2000)}`);
    }
  }
  return { operations: OPERATIONS, peer: `${PEER.name} ${PEER.version}`, ours: median(times['mcp-gen']), theirs: median(times[PEER.name]) };
}

export function renderOpenApi(r, fmtMs) {
  return [
    `| cold generate, ${r.operations} OpenAPI operations (same run, alternating) | mcp-gen | ${r.peer} | ratio | budget |`,
    '|---|---:|---:|---:|---:|',
    `| document to project | ${fmtMs(r.ours)} | ${fmtMs(r.theirs)} | ${(r.ours / r.theirs).toFixed(2)}x | <= 1.00x |`,
  ].join('\n');
}
