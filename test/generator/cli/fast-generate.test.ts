// A no-op `generate` answered by bin/mcp-gen.js before the CLI loads (generator/cli/fast-generate.ts). Each case runs
// the CLI as a process. A "sealed" copy of the package, whose dist/cli/index.js only throws, tells which path a run
// took: it answers only when the fast path did, and any fallback shows the bundle being loaded. The real CLI then
// shows the fallback behaves as before.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, ROOT, tempDir } from '../../support/project.js';

const MANIFEST = `version: 1
server: {name: quick, version: 1.0.0}
schemaFiles: true
tools:
  echo:
    description: Echoes the text back to the caller, unchanged.
    inputSchema: {$ref: './schemas/echo.json'}
`;
const SCHEMA = '{"type": "object", "properties": {"text": {"type": "string", "description": "What to echo."}}}\n';
const LOADED = 'the CLI bundle was loaded';

let sealed: string;
let otherBuild: string;

/** bin/ and the fast bundle of this build, with a CLI bundle that only throws; `fingerprint` replaces the build's. */
function sealedPackage(fingerprint?: string): string {
  const dir = tempDir('mcp-gen-sealed-');
  mkdirSync(join(dir, 'dist', 'cli'), { recursive: true });
  mkdirSync(join(dir, 'templates'));
  cpSync(join(ROOT, 'bin'), join(dir, 'bin'), { recursive: true });
  for (const f of ['package.json', 'dist/fast-generate.js', 'dist/fingerprint.txt']) copyFileSync(join(ROOT, f), join(dir, f));
  if (fingerprint) writeFileSync(join(dir, 'dist', 'fingerprint.txt'), `${fingerprint}\n`);
  writeFileSync(join(dir, 'dist', 'cli', 'index.js'), `throw new Error(${JSON.stringify(LOADED)});\n`);
  return join(dir, 'bin', 'mcp-gen.js');
}

beforeAll(() => {
  sealed = sealedPackage();
  otherBuild = sealedPackage('0'.repeat(64));
});

interface Project {
  dir: string;
  cache: string;
}

function run(p: Project, cli: string, args: string[], cwd = p.dir) {
  const r = spawnSync(process.execPath, [cli, ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, NO_COLOR: '1', XDG_CACHE_HOME: p.cache },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const timeless = (r: { code: number | null; stdout: string; stderr: string }) => ({
  ...r,
  stdout: r.stdout.replace(/\(\d+ ms\)/, '(N ms)'),
});

/** Sets every time in the tree a minute back: as if the files had been written well before the next run. */
function age(path: string): void {
  const then = Date.now() / 1000 - 60;
  for (const name of readdirSync(path, { recursive: true }) as string[]) {
    if (!lstatSync(join(path, name)).isSymbolicLink()) utimesSync(join(path, name), then, then);
  }
  utimesSync(path, then, then);
}

/** A generated project whose last run found it intact: the state the fast path answers from. */
function settled(manifest = MANIFEST, files: Record<string, string> = {}): Project {
  const p = { dir: tempDir('mcp-gen-fast-'), cache: tempDir('mcp-gen-cache-') };
  writeFileSync(join(p.dir, 'mcp.yaml'), manifest);
  mkdirSync(join(p.dir, 'schemas'));
  writeFileSync(join(p.dir, 'schemas', 'echo.json'), SCHEMA);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(p.dir, path, '..'), { recursive: true });
    writeFileSync(join(p.dir, path), text);
  }
  expect(run(p, CLI, ['generate', '--no-check']).code).toBe(0);
  age(p.dir);
  expect(timeless(run(p, CLI, ['generate']))).toEqual({
    code: 0,
    stdout: 'up to date: . was generated from this manifest (N ms)\n',
    stderr: '',
  });
  return p;
}

function expectFallback(p: Project, args = ['generate']): void {
  const r = run(p, sealed, args);
  expect(r.stderr).toContain(LOADED);
  expect(r.code).not.toBe(0);
}

describe('a no-op generate without loading the CLI', () => {
  it('answers for an untouched project exactly as the full run does, with and without -q', () => {
    const p = settled();
    // The full run's answers: a repeated option is left to the CLI, which takes the last one.
    const full = timeless(run(p, CLI, ['generate', '-m', 'mcp.yaml', '-m', 'mcp.yaml']));
    expect(full).toEqual({ code: 0, stdout: 'up to date: . was generated from this manifest (N ms)\n', stderr: '' });
    expect(run(p, CLI, ['generate', '-q', '-m', 'mcp.yaml', '-m', 'mcp.yaml'])).toEqual({ code: 0, stdout: '', stderr: '' });
    for (const args of [['generate'], ['generate', '--no-check'], ['generate', '-m', 'mcp.yaml', '--out=.']])
      expect(timeless(run(p, sealed, args))).toEqual(full);
    expect(run(p, sealed, ['generate', '-q'])).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(run(p, sealed, ['generate', '--quiet', '--manifest', 'mcp.yaml'])).toEqual({ code: 0, stdout: '', stderr: '' });
    // From another folder the line names the project folder relative to it.
    const elsewhere = tempDir('mcp-gen-cwd-');
    const args = ['generate', '-m', join(p.dir, 'mcp.yaml'), '-o', p.dir];
    const fullThere = timeless(run(p, CLI, [...args, '-o', p.dir], elsewhere));
    expect(fullThere.stdout).toMatch(/^up to date: \.\.\/mcp-gen-fast-\w+ was generated/);
    expect(timeless(run(p, sealed, args, elsewhere))).toEqual(fullThere);
  });

  it('leaves every other invocation to the CLI', () => {
    const p = settled();
    for (const extra of [
      ['--force'],
      ['--prune'],
      ['--dry-run'],
      ['--watch'],
      ['--json'],
      ['--check'],
      ['-x'],
      ['-q', '-q'],
      ['-m'],
      ['--', 'x'],
    ])
      expectFallback(p, ['generate', ...extra]);
    expectFallback(p, ['validate']);
    expectFallback(p, ['-q', 'generate']);
  });
});

describe('any change falls back to the full run, which behaves as before', () => {
  it('a generated file with a new mtime: the full run finds it intact and the next run is answered again', () => {
    const p = settled();
    const file = join(p.dir, 'src', 'generated', 'server.gen.ts');
    const then = Date.now() / 1000 - 30;
    utimesSync(file, then, then);
    expectFallback(p);
    expect(timeless(run(p, CLI, ['generate']))).toEqual({
      code: 0,
      stdout: 'up to date: . was generated from this manifest (N ms)\n',
      stderr: '',
    });
    expect(run(p, sealed, ['generate', '-q'])).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('a generated file edited by hand (a different size): the full run refuses to overwrite it', () => {
    const p = settled();
    const file = join(p.dir, 'src', 'generated', 'server.gen.ts');
    writeFileSync(file, `${readFileSync(file, 'utf8')}// mine\n`);
    expectFallback(p);
    const r = run(p, CLI, ['generate']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/nothing was written: 1 generated file was edited by hand/);
  });

  it('a deleted handler: the full run writes its stub again', () => {
    const p = settled();
    const handler = join(p.dir, 'src', 'handlers', 'tools', 'echo.ts');
    rmSync(handler);
    expectFallback(p);
    const r = run(p, CLI, ['generate', '--no-check']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('up to date');
    expect(existsSync(handler)).toBe(true);
  });

  it('a link planted in place of a generated file: the full run refuses to read through it', () => {
    const p = settled();
    const file = join(p.dir, 'src', 'generated', 'server.gen.ts');
    const outside = join(tempDir('mcp-gen-outside-'), 'server.gen.ts');
    copyFileSync(file, outside);
    rmSync(file);
    symlinkSync(outside, file);
    expectFallback(p);
    const r = run(p, CLI, ['generate']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/refusing to read src\/generated\/server\.gen\.ts: it is a link to .* outside the folder/);
  });

  it('a link planted in place of a folder: the full run refuses to read through it', () => {
    const p = settled();
    const outside = join(tempDir('mcp-gen-outside-'), 'generated');
    renameSync(join(p.dir, 'src', 'generated'), outside);
    symlinkSync(outside, join(p.dir, 'src', 'generated'));
    expectFallback(p);
    const r = run(p, CLI, ['generate']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/refusing to read src\/generated\/.*outside the folder/);
  });

  it('an edited package.json: the full run merges it again and keeps the edit', () => {
    const p = settled();
    const path = join(p.dir, 'package.json');
    const pkg = JSON.parse(readFileSync(path, 'utf8'));
    pkg.dependencies['left-pad'] = '1.3.0';
    writeFileSync(path, `${JSON.stringify(pkg, null, 2)}\n`);
    expectFallback(p);
    const r = run(p, CLI, ['generate', '--no-check']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('up to date');
    expect(JSON.parse(readFileSync(path, 'utf8')).dependencies['left-pad']).toBe('1.3.0');
  });

  it('an edited schema file: the full run regenerates from it', () => {
    const p = settled();
    writeFileSync(join(p.dir, 'schemas', 'echo.json'), SCHEMA.replace('What to echo.', 'The words to send back.'));
    expectFallback(p);
    expect(run(p, CLI, ['generate', '--no-check']).code).toBe(0);
    expect(readFileSync(join(p.dir, 'src', 'generated', 'definitions.gen.ts'), 'utf8')).toContain('The words to send back.');
  });

  it('an edited file that a resource embeds (file:): the full run regenerates from it, and says so once', () => {
    const manifest = `${MANIFEST}resources:\n  notes:\n    uri: app://notes\n    mimeType: text/plain\n    file: ./notes/today.txt\n`;
    const p = settled(manifest, { 'notes/today.txt': 'Rain at noon.\n' });
    const server = join(p.dir, 'src', 'generated', 'server.gen.ts');
    expect(readFileSync(server, 'utf8')).toContain('Rain at noon.');
    writeFileSync(join(p.dir, 'notes', 'today.txt'), 'Sun all day.\n');
    expectFallback(p);
    expect(run(p, CLI, ['generate', '--no-check']).stdout).not.toContain('up to date');
    expect(readFileSync(server, 'utf8')).toContain('Sun all day.');
    // The run that verifies the new content by its digest records it, and the fast path answers from then on.
    age(p.dir);
    expect(run(p, CLI, ['generate']).stdout).toContain('up to date');
    expect(run(p, sealed, ['generate', '-q'])).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('a changed manifest: the full run regenerates from it', () => {
    const p = settled();
    writeFileSync(join(p.dir, 'mcp.yaml'), MANIFEST.replace('unchanged.', 'unchanged, every time.'));
    expectFallback(p);
    expect(run(p, CLI, ['generate', '--no-check']).code).toBe(0);
    expect(readFileSync(join(p.dir, 'src', 'generated', 'definitions.gen.ts'), 'utf8')).toContain('unchanged, every time.');
  });

  it('a different mcp-gen build', () => {
    const p = settled();
    expect(run(p, sealed, ['generate', '-q'])).toEqual({ code: 0, stdout: '', stderr: '' });
    const r = run(p, otherBuild, ['generate', '-q']);
    expect(r.stderr).toContain(LOADED);
  });

  it('no record in the cache folder', () => {
    const p = settled();
    rmSync(join(p.cache, 'mcp-gen'), { recursive: true });
    expectFallback(p);
  });
});
