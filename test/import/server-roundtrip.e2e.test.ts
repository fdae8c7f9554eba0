// The round-trip guarantee of `mcp-gen import server`: import a running server, generate, build, serve, and every
// list the generated server publishes equals the original's, compared as JSON. Where the manifest language cannot
// hold a field a server publishes, the import reports it; the test names each such gap explicitly, checks that
// the import reported exactly those, and compares everything else.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildProject, CLI, connectStdio, ROOT, tempDir } from '../support/project.js';
import { describeDifference, jsonDiff } from '../../generator/import/json-diff.js';
import { connectCommand, readPublished, withClient, type Json, type Published } from './lists.js';

const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

interface Case {
  name: string;
  command: () => string[];
  env?: Record<string, string>;
  /** The published fields a generated server cannot reproduce: removed from the original before comparing. */
  gaps: (original: Published) => string[];
}

const fsRoot = tempDir('import-fs-root-');
mkdirSync(join(fsRoot, 'docs'));

const CASES: Case[] = [
  {
    name: '@modelcontextprotocol/server-everything',
    command: () => [bin('mcp-server-everything')],
    gaps: () => [],
  },
  {
    name: '@modelcontextprotocol/server-filesystem',
    command: () => [bin('mcp-server-filesystem'), fsRoot],
    gaps: () => [],
  },
  {
    name: '@modelcontextprotocol/server-memory',
    command: () => [bin('mcp-server-memory')],
    env: { MEMORY_FILE_PATH: join(tempDir('import-memory-'), 'memory.jsonl') },
    gaps: () => [],
  },
  {
    name: 'tricky-server (paginated, non-identifier names, $defs, nullable type arrays, propertyNames)',
    command: () => [process.execPath, join(ROOT, 'test', 'fixtures-import', 'servers', 'tricky-server.mjs')],
    gaps: (o) => {
      const review = o.prompts.find((p) => p.name === 'review-code')!;
      const args = review.arguments as Json[];
      delete args[0].title;
      args[2].required = false;
      return ['prompts["review-code"].arguments[0].title', 'prompts["review-code"].arguments[2].required'];
    },
  },
];

describe.each(CASES)('import server: $name', (c) => {
  it('generates a server that publishes the same lists', async () => {
    const dir = tempDir('import-server-');
    const [command, ...args] = c.command();
    const imported = runCliWithEnv(['import', 'server', '-o', join(dir, 'mcp.yaml'), '--', command, ...args], c.env);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/^imported \d+ tools/m);
    buildProject(dir);

    const original = await withClient(connectCommand(command, args, 'legacy', c.env), readPublished);
    const generated = await withClient(connectStdio(dir, 'legacy'), readPublished);
    const modern = await withClient(connectStdio(dir, 'modern'), readPublished);

    expect(original.tools.length + original.resources.length + original.prompts.length).toBeGreaterThan(0);
    const gaps = c.gaps(original);
    // Every gap the test names was reported by the import, and nothing else was.
    const reported = imported.stderr.split('\n').filter((l) => /^ {2}(tools|resources|resourceTemplates|prompts)\b/.test(l)).map((l) => l.trim().split(':')[0]);
    expect(reported.sort()).toEqual([...gaps].sort());

    for (const kind of ['tools', 'resources', 'resourceTemplates', 'prompts'] as const) {
      expect(generated[kind], kind).toEqual(original[kind]);
      // 2026-07-28 has no `execution` on tools (tasks moved to an extension), so that revision lists none.
      const withoutExecution = generated[kind].map(({ execution: _execution, ...rest }) => rest);
      expect(modern[kind], `${kind} (2026-07-28)`).toEqual(kind === 'tools' ? withoutExecution : generated[kind]);
    }
    expect(generated.serverInfo).toEqual(original.serverInfo);
    expect(generated.instructions).toEqual(original.instructions);
    // Capabilities are not lists, but the import predicts how they differ: the prediction matches the wire.
    const predicted = imported.stderr.split('\n').filter((l) => l.startsWith('  capabilities')).map((l) => l.trim());
    const actual = jsonDiff(original.capabilities, generated.capabilities, ['capabilities']).map((d) => describeDifference(d));
    expect(actual.sort()).toEqual(predicted.sort());

    // The manifest is the source of truth: it parses to exactly what the generated server lists.
    const manifest = parse(readFileSync(join(dir, 'mcp.yaml'), 'utf8'));
    expect(Object.keys(manifest.tools ?? {})).toEqual(original.tools.map((t) => t.name));
  });
});

describe('import server: gaps stay visible', () => {
  it('notes each field the manifest cannot hold next to its entry', () => {
    const dir = tempDir('import-gaps-');
    const r = runCliWithEnv(['import', 'server', '--no-generate', '-o', join(dir, 'mcp.yaml'), '--', process.execPath, join(ROOT, 'test', 'fixtures-import', 'servers', 'tricky-server.mjs')]);
    expect(r.code, r.stderr).toBe(0);
    const text = readFileSync(join(dir, 'mcp.yaml'), 'utf8');
    expect(text).not.toMatch(/execution: source has/); // tools' execution is part of the manifest
    expect(text).toMatch(/#\s+arguments\[0\]\.title: source has "Language", generated has nothing/);
  });
});

/** The CLI with extra environment (passed on to the server it starts); both output streams kept. */
function runCliWithEnv(args: string[], env: Record<string, string> = {}): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...env, NO_COLOR: '1' } });
  return { code: r.status ?? 1, stdout: r.stdout, stderr: r.stderr };
}
