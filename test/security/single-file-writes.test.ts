// The commands that write a file outside the project writer (import's manifest and the handlers it creates, init's
// manifest, fmt, docs -o) against links planted where they write: each refuses before writing anything, and nothing
// appears outside the folder. Performed for real with the CLI on temporary trees.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT, runCli, tempDir } from '../support/project.js';

const SPEC = join(ROOT, 'test', 'fixtures-import', 'acme-pets.openapi.yaml');
const MANIFEST = 'version: 1\nserver: {name: linked, version: 1.0.0}\ntools:\n  hello:\n    description: Says hello to the caller.\n';

/** A folder outside the project, which must stay empty. */
function outside(): string {
  return tempDir('mcp-gen-outside-');
}

describe('import', () => {
  it('a dangling link where a handler goes: refused, nothing written, nothing created outside', () => {
    const dir = tempDir('link-import-');
    const away = outside();
    mkdirSync(join(dir, 'src', 'handlers', 'tools'), { recursive: true });
    symlinkSync(join(away, 'pwned.ts'), join(dir, 'src', 'handlers', 'tools', 'list_pets.ts'));
    const r = runCli(['import', 'openapi', SPEC], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'refusing to write src/handlers/tools/list_pets.ts: src/handlers/tools/list_pets.ts is a symbolic link that points nowhere; nothing was written',
    );
    expect(readdirSync(away)).toEqual([]);
    expect(readdirSync(dir)).toEqual(['src']);
  });

  it('the handler folder linked out of the project: refused, nothing written through it', () => {
    const dir = tempDir('link-import-dir-');
    const away = outside();
    mkdirSync(join(dir, 'src', 'handlers'), { recursive: true });
    symlinkSync(away, join(dir, 'src', 'handlers', 'tools'));
    const r = runCli(['import', 'openapi', SPEC], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/refusing to write src\/handlers\/tools\/\w+\.ts: it resolves outside the folder \(through a symbolic link/);
    expect(readdirSync(away)).toEqual([]);
    expect(existsSync(join(dir, 'mcp.yaml'))).toBe(false);
  });
});

describe('init', () => {
  it('a dangling mcp.yaml link is taken for a manifest that exists: nothing is written through it', () => {
    const dir = tempDir('link-init-');
    const away = outside();
    symlinkSync(join(away, 'mcp.yaml'), join(dir, 'mcp.yaml'));
    const r = runCli(['init', dir, '-q']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('mcp.yaml already exists');
    expect(readdirSync(away)).toEqual([]);
  });
});

describe('docs -o and fmt', () => {
  it('docs -o through a folder linked out of the working directory: refused', () => {
    const dir = tempDir('link-docs-');
    const away = outside();
    writeFileSync(join(dir, 'mcp.yaml'), MANIFEST);
    symlinkSync(away, join(dir, 'docs'));
    const r = runCli(['docs', '-o', 'docs/reference.md'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/refusing to write docs\/reference\.md: it resolves outside the folder \(through a symbolic link/);
    expect(readdirSync(away)).toEqual([]);
  });

  it.each([
    {
      name: 'a link to a file outside',
      plant: (f: string, away: string) => symlinkSync(join(away, 'secret.md'), f),
      want: /it is a link to \S+secret\.md outside the folder/,
    },
    { name: 'a pipe', plant: (f: string) => execFileSync('mkfifo', [f]), want: /it is not a regular file/ },
  ])('docs --check against a reference that is $name: refused with the reason, without blocking', ({ plant, want }) => {
    const dir = tempDir('link-docs-check-');
    const away = outside();
    writeFileSync(join(away, 'secret.md'), 'SECRET');
    writeFileSync(join(dir, 'mcp.yaml'), MANIFEST);
    plant(join(dir, 'reference.md'), away);
    // With a deadline: a read that blocked on the pipe would show up as a timeout, not a hung test.
    const r = spawnSync(process.execPath, [CLI, 'docs', '-o', 'reference.md', '--check'], { cwd: dir, encoding: 'utf8', timeout: 20_000 });
    expect({ code: r.status, signal: r.signal }).toEqual({ code: 1, signal: null });
    expect(r.stderr).toMatch(/^mcp-gen: error: refusing to read reference\.md: /);
    expect(r.stderr).toMatch(want);
    expect(`${r.stdout}${r.stderr}`).not.toContain('SECRET');
  });

  it('docs -o to a plain path writes the file, replacing what was there', () => {
    const dir = tempDir('docs-out-');
    writeFileSync(join(dir, 'mcp.yaml'), MANIFEST);
    mkdirSync(join(dir, 'docs'));
    writeFileSync(join(dir, 'docs', 'reference.md'), 'old\n');
    expect(runCli(['docs', '-o', 'docs/reference.md'], dir)).toMatchObject({ code: 0, stdout: 'wrote docs/reference.md\n' });
    expect(readFileSync(join(dir, 'docs', 'reference.md'), 'utf8')).toContain('hello');
    expect(readdirSync(join(dir, 'docs'))).toEqual(['reference.md']);
  });

  it('docs -o - writes to standard output, not to a file named -', () => {
    const dir = tempDir('docs-stdout-');
    writeFileSync(join(dir, 'mcp.yaml'), MANIFEST);
    const r = runCli(['docs', '-o', '-'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('hello');
    expect(readdirSync(dir)).toEqual(['mcp.yaml']);
  });

  it('fmt rewrites a manifest that is a link inside the folder in place, and the link stays a link', () => {
    const dir = tempDir('link-fmt-');
    mkdirSync(join(dir, 'manifests'));
    // `version` after `server`: fmt moves it first.
    writeFileSync(join(dir, 'manifests', 'real.yaml'), 'server: {name: linked, version: 1.0.0}\nversion: 1\n');
    symlinkSync(join(dir, 'manifests', 'real.yaml'), join(dir, 'mcp.yaml'));
    const r = runCli(['fmt'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(lstatSync(join(dir, 'mcp.yaml')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'manifests', 'real.yaml'), 'utf8')).toMatch(/^version: 1\nserver:/);
  });
});
