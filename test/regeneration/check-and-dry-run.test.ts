// `check` for CI, `--dry-run`, conflicts with hand-edited generated files, atomic and minimal writes.
import { existsSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../support/project.js';

const v1 = `version: 1
server: {name: check-me, version: 1.0.0}
tools:
  echo:
    description: Repeat the text
    inputSchema: {type: object, properties: {text: {type: string}}, required: [text]}
`;
const v2 = v1.replace('Repeat the text', 'Repeat the given text');

function snapshot(dir: string): Map<string, { text: string; mtimeMs: number }> {
  return new Map(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => {
        const p = join(e.parentPath, e.name);
        return [p, { text: readFileSync(p, 'utf8'), mtimeMs: statSync(p).mtimeMs }];
      }),
  );
}

/** Backdates every file so that any rewrite, even with the same bytes, shows up as a new mtime. */
function backdate(dir: string): void {
  const old = new Date('2020-01-01T00:00:00Z');
  for (const p of snapshot(dir).keys()) utimesSync(p, old, old);
}

let dir: string;
beforeEach(() => {
  dir = tempDir('check-');
  writeFileSync(join(dir, 'mcp.yaml'), v1);
  expect(runCli(['generate', '--no-check'], dir).code).toBe(0);
});

describe('check', () => {
  it('exits 0 on a fresh tree and 1 on a stale one, listing the stale files with diffs, writing nothing', () => {
    expect(runCli(['check'], dir)).toMatchObject({ code: 0 });
    writeFileSync(join(dir, 'mcp.yaml'), v2);
    backdate(dir);
    const before = snapshot(dir);
    const r = runCli(['check'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('stale: ./src/generated/definitions.gen.ts (out of date)');
    expect(r.stderr).toContain("-  description: 'Repeat the text',\n+  description: 'Repeat the given text',");
    expect(snapshot(dir)).toEqual(before);
  });

  it('reports a missing handler and a handler that lost its export', () => {
    const handler = join(dir, 'src/handlers/tools/echo.ts');
    const text = readFileSync(handler, 'utf8');
    writeFileSync(handler, text.replace('export const echo', 'export const repeat'));
    let r = runCli(['check'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /src\/handlers\/tools\/echo\.ts:5:1: error does not export echo, the handler of tools\.echo \(it exports repeat\)/,
    );
    writeFileSync(handler, text);
    expect(runCli(['check'], dir).code).toBe(0);
    writeFileSync(join(dir, 'mcp.yaml'), `${v1}  shout:\n    description: Shout\n`);
    r = runCli(['check'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('missing handler: ./src/handlers/tools/shout.ts');
  });
});

describe('generate --dry-run', () => {
  it('prints the plan and a unified diff, and changes no byte and no mtime', () => {
    writeFileSync(join(dir, 'mcp.yaml'), `${v2}  shout:\n    description: Shout\n`);
    backdate(dir);
    const before = snapshot(dir);
    const r = runCli(['generate', '--dry-run'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('  create   src/handlers/tools/shout.ts');
    expect(r.stdout).toContain('  update   src/generated/definitions.gen.ts');
    expect(r.stdout).toMatch(/would create 1, would update \d+, unchanged \d+ in \d+ ms/);
    expect(r.stdout).toContain('--- /dev/null\n+++ b/src/handlers/tools/shout.ts');
    expect(snapshot(dir)).toEqual(before);
  });
});

describe('minimal and atomic writes', () => {
  it('a no-op regeneration rewrites nothing (mtimes untouched)', () => {
    backdate(dir);
    const before = snapshot(dir);
    expect(runCli(['generate'], dir).code).toBe(0);
    expect(snapshot(dir)).toEqual(before);
  });

  it('rewrites only the files whose content changes', () => {
    backdate(dir);
    const before = snapshot(dir);
    writeFileSync(join(dir, 'mcp.yaml'), v2);
    expect(runCli(['generate', '--no-check'], dir).code).toBe(0);
    const changed = [...snapshot(dir)]
      .filter(([p, f]) => before.get(p)?.mtimeMs !== f.mtimeMs)
      .map(([p]) => p.slice(dir.length + 1))
      .sort();
    // manifest.json (the MCP Bundle's) lists the tools with their descriptions, and server.gen.ts registers each tool
    // with its description.
    expect(changed).toEqual([
      '.mcp-gen/state.json',
      'manifest.json',
      'mcp.yaml',
      'src/generated/definitions.gen.ts',
      'src/generated/server.gen.ts',
    ]);
  });

  it('an invalid manifest writes nothing', () => {
    backdate(dir);
    const before = snapshot(dir);
    writeFileSync(join(dir, 'mcp.yaml'), `${v1}  "bad name":\n    description: x\n`);
    const after = snapshot(dir);
    const r = runCli(['generate'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('nothing was written');
    expect(snapshot(dir)).toEqual(after);
    expect(after.size).toBe(before.size);
  });
});

describe('hand-edited generated files', () => {
  it('stop the run with the file named, write nothing, and yield to --force', () => {
    const gen = join(dir, 'src/generated/server.gen.ts');
    writeFileSync(gen, `${readFileSync(gen, 'utf8')}// a quick fix\n`);
    writeFileSync(join(dir, 'mcp.yaml'), `${v2}  shout:\n    description: Shout\n`);
    const r = runCli(['generate'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('conflict src/generated/server.gen.ts: edited by hand since mcp-gen wrote it; move the code into a handler');
    expect(r.stderr).toContain('nothing was written: 1 generated file was edited by hand');
    expect(existsSync(join(dir, 'src/handlers/tools/shout.ts'))).toBe(false);
    expect(readFileSync(gen, 'utf8')).toContain('// a quick fix');
    expect(runCli(['check'], dir).stderr).toContain('stale: ./src/generated/server.gen.ts (edited by hand)');
    const forced = runCli(['generate', '--force', '--no-check'], dir);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain('update   src/generated/server.gen.ts: hand edits overwritten (--force)');
    expect(readFileSync(gen, 'utf8')).not.toContain('// a quick fix');
    // The hand edit is not lost: a copy is kept where git does not see it.
    const kept = '.mcp-gen/cache/overwritten/src/generated/server.gen.edited.ts';
    expect(forced.stdout).toContain(`create   ${kept}: the hand-edited src/generated/server.gen.ts, as it was before --force`);
    expect(readFileSync(join(dir, kept), 'utf8')).toContain('// a quick fix');
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toContain('.mcp-gen/cache/');
    expect(runCli(['check'], dir).code).toBe(0);
  });

  it('keep every hand edit that --force overwrites: a second forced run does not replace the first kept copy', () => {
    const gen = join(dir, 'src/generated/server.gen.ts');
    const copies = '.mcp-gen/cache/overwritten/src/generated';
    const forceOver = (edit: string, manifest: string) => {
      writeFileSync(gen, `${readFileSync(gen, 'utf8')}${edit}\n`);
      writeFileSync(join(dir, 'mcp.yaml'), manifest);
      const r = runCli(['generate', '--force', '--no-check'], dir);
      expect(r.code).toBe(0);
      expect(readFileSync(gen, 'utf8')).not.toContain(edit);
      return r.stdout;
    };
    const first = forceOver('// my hack', v2);
    expect(first).toContain(`the edited file is kept as ${copies}/server.gen.edited.ts`);
    expect(first).toContain(`create   ${copies}/server.gen.edited.ts: the hand-edited src/generated/server.gen.ts`);
    const second = forceOver('// my hack 2', v2.replace('Repeat the given text', 'Repeat the text given'));
    expect(second).toContain(
      `update   src/generated/server.gen.ts: hand edits overwritten (--force); the edited file is kept as ${copies}/server.gen.edited.2.ts`,
    );
    expect(second).toContain(`create   ${copies}/server.gen.edited.2.ts: the hand-edited src/generated/server.gen.ts`);
    expect(second).not.toContain(`${copies}/server.gen.edited.ts:`);
    const firstCopy = readFileSync(join(dir, copies, 'server.gen.edited.ts'), 'utf8');
    const secondCopy = readFileSync(join(dir, copies, 'server.gen.edited.2.ts'), 'utf8');
    expect(firstCopy).toContain('// my hack\n');
    expect(firstCopy).not.toContain('// my hack 2');
    expect(secondCopy).toContain('// my hack 2\n');
    expect(readdirSync(join(dir, copies)).sort()).toEqual(['server.gen.edited.2.ts', 'server.gen.edited.ts']);
    expect(runCli(['check'], dir).code).toBe(0);
  });
});

describe('package.json', () => {
  it('is merged additively: a missing dependency comes back, the user entries stay as they are', () => {
    const pkgPath = join(dir, 'package.json');
    const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'));
    delete pkg.dependencies['proxy-addr'];
    pkg.dependencies.zod = '4.0.0';
    pkg.scripts.lint = 'eslint .';
    writeFileSync(pkgPath, JSON.stringify(pkg, null, 2) + '\n');
    writeFileSync(join(dir, 'mcp.yaml'), v2);
    const r = runCli(['generate', '--no-check'], dir);
    expect(r.stdout).toContain('merge    package.json: added dependencies.proxy-addr');
    const merged = JSON.parse(readFileSync(pkgPath, 'utf8'));
    expect(Object.keys(merged.dependencies)).toEqual([...Object.keys(pkg.dependencies), 'proxy-addr']);
    expect(merged.scripts.lint).toBe('eslint .');
  });
});
