// The round-trip guarantee of `mcp-gen import server`: import a running server, generate, build, serve, and every
// list the generated server publishes equals the original's, compared as JSON, in both protocol eras; the import
// reports no field it could not carry. The official reference servers, a paginated server with awkward names and
// schemas, and one publishing what the SDK's registration API would drop (execution, annotation keys of its own,
// prompt argument titles, whitespace-only description lines).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildProject, CLI, connectStdio, ROOT, tempDir } from '../support/project.js';
import { canonicalJson } from '../../generator/core/canonical-json.js';
import { describeDifference, jsonDiff } from '../../generator/import/json-diff.js';
import { connectCommand, readPublished, withClient, type Json, type Published } from './lists.js';

const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

interface Case {
  name: string;
  command: () => string[];
  env?: Record<string, string>;
}

const fsRoot = tempDir('import-fs-root-');
mkdirSync(join(fsRoot, 'docs'));
const fixtureServer = (file: string) => () => [process.execPath, join(ROOT, 'test', 'fixtures-import', 'servers', file)];

const CASES: Case[] = [
  { name: '@modelcontextprotocol/server-everything', command: () => [bin('mcp-server-everything')] },
  { name: '@modelcontextprotocol/server-filesystem', command: () => [bin('mcp-server-filesystem'), fsRoot] },
  {
    name: '@modelcontextprotocol/server-memory',
    command: () => [bin('mcp-server-memory')],
    env: { MEMORY_FILE_PATH: join(tempDir('import-memory-'), 'memory.jsonl') },
  },
  { name: '@modelcontextprotocol/server-sequential-thinking', command: () => [bin('mcp-server-sequential-thinking')] },
  {
    name: 'tricky-server (paginated, non-identifier names, $defs, nullable type arrays, propertyNames)',
    command: fixtureServer('tricky-server.mjs'),
  },
  {
    name: 'fidelity-server (execution, annotation extension keys, argument titles, whitespace-only lines)',
    command: fixtureServer('fidelity-server.mjs'),
  },
];

/** What the 2026-07-28 revision lists of the same definitions: it has no tool `execution`. */
function modernView(p: Published): Published {
  return { ...p, tools: p.tools.map(({ execution: _execution, ...rest }) => rest) };
}

describe.each(CASES)('import server: $name', (c) => {
  it('generates a server that publishes the same lists', async () => {
    const dir = tempDir('import-server-');
    const [command, ...args] = c.command();
    const imported = runCliWithEnv(['import', 'server', '-o', join(dir, 'mcp.yaml'), '--', command, ...args], c.env);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/^imported \d+ tools/m);
    // Committable as it is where CI runs `fmt --check`.
    expect(runCliWithEnv(['fmt', '--check', '-m', join(dir, 'mcp.yaml')]).stdout).toContain('already formatted');
    buildProject(dir);

    const original = await withClient(connectCommand(command, args, 'legacy', c.env), readPublished);
    const generated = await withClient(connectStdio(dir, 'legacy'), readPublished);
    const modern = await withClient(connectStdio(dir, 'modern'), readPublished);

    expect(original.tools.length + original.resources.length + original.prompts.length).toBeGreaterThan(0);
    // The import found nothing the manifest cannot hold.
    const reported = imported.stderr.split('\n').filter((l) => /^ {2}(tools|resources|resourceTemplates|prompts|serverInfo)\b/.test(l));
    expect(reported).toEqual([]);

    for (const kind of ['tools', 'resources', 'resourceTemplates', 'prompts'] as const) {
      // Byte for byte once keys are in one order: JSON equality plus the same entry order.
      expect(
        generated[kind].map((e) => canonicalJson(e)),
        kind,
      ).toEqual(original[kind].map((e) => canonicalJson(e)));
      expect(
        modern[kind].map((e) => canonicalJson(e)),
        `${kind} (2026-07-28)`,
      ).toEqual(modernView(original)[kind].map((e) => canonicalJson(e)));
    }
    expect(generated.serverInfo).toEqual(original.serverInfo);
    expect(generated.instructions).toEqual(original.instructions);
    // Capabilities are not lists, but the import predicts how they differ: the prediction matches the wire.
    const predicted = imported.stderr
      .split('\n')
      .filter((l) => l.startsWith('  capabilities'))
      .map((l) => l.trim());
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
    const r = runCliWithEnv(
      [
        'import',
        'server',
        '--no-generate',
        '-o',
        join(dir, 'mcp.yaml'),
        '--',
        process.execPath,
        join(ROOT, 'test', 'fixtures-import', 'servers', 'tricky-server.mjs'),
      ],
      { TRICKY_EXTRA_FIELD: '1' },
    );
    expect(r.code, r.stderr).toBe(0);
    const text = readFileSync(join(dir, 'mcp.yaml'), 'utf8');
    expect(r.stderr).toMatch(/^ {2}tools\.no_args\["x-vendor"\]: source has \{"a":1\}, generated has nothing$/m);
    expect(text).toMatch(
      /# import: the source publishes this differently than the manifest can say:\n\s+#\s+\["x-vendor"\]: source has \{"a":1\}, generated has nothing\n\s+no_args:/,
    );
  });
});

/** The CLI with extra environment (passed on to the server it starts); both output streams kept. */
function runCliWithEnv(args: string[], env: Record<string, string> = {}): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...env, NO_COLOR: '1' } });
  return { code: r.status ?? 1, stdout: r.stdout, stderr: r.stderr };
}
