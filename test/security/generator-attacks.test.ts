// Attacks on the generator through the project tree: links planted where it stages or reads files, a forged
// .mcp-gen/state.json, pipes where files should be, a run-key folder prepared by someone else, and manifest strings
// that would hide code from review. Each is performed for real on a temporary tree.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../generator/generate.js';
import { runCacheDir } from '../../generator/core/run-cache.js';
import { CLI, runCli, tempDir } from '../support/project.js';
import { escapeNonAscii } from './hostile-manifest.js';

const MANIFEST = 'version: 1\nserver: {name: attacked, version: 1.0.0}\ntools:\n  hello: {description: Says hello}\n';

function project(): { root: string; out: string; manifest: string } {
  const root = tempDir('mcp-gen-attack-');
  const out = join(root, 'out');
  mkdirSync(out);
  writeFileSync(join(out, 'mcp.yaml'), MANIFEST);
  return { root, out, manifest: join(out, 'mcp.yaml') };
}

/** Runs the CLI with a deadline: a read that blocks on a pipe shows up as a timeout, not a hung test. */
function generateCli(manifest: string, env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, [CLI, 'generate', '-m', manifest], {
    encoding: 'utf8',
    timeout: 20_000,
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
  return { code: r.status, signal: r.signal, out: `${r.stdout}${r.stderr}` };
}

describe('staged writes', () => {
  it('links planted at the old predictable temporary names redirect nothing', async () => {
    const { root, out, manifest } = project();
    const victim = join(root, 'victim.txt');
    writeFileSync(victim, 'precious');
    mkdirSync(join(out, 'src', 'generated'), { recursive: true });
    for (let pid = process.pid; pid < process.pid + 300; pid++) {
      for (const name of ['server.gen.ts', 'entry.gen.ts'])
        symlinkSync(victim, join(out, 'src', 'generated', `.${name}.mcp-gen-${pid}.tmp`));
    }
    const result = await generate({ manifestPath: manifest, contracts: false });
    expect(result.issues).toEqual([]);
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    for (const name of ['server.gen.ts', 'entry.gen.ts']) expect(lstatSync(join(out, 'src', 'generated', name)).isFile()).toBe(true);
    expect(readdirSync(out).filter((f) => f.startsWith('.mcp-gen-stage'))).toEqual([]);
  });

  it('a dangling link on the way is refused before any folder is made through it', async () => {
    const { root, out, manifest } = project();
    mkdirSync(join(out, 'src'));
    symlinkSync(join(root, 'nowhere', 'handlers'), join(out, 'src', 'handlers'));
    await expect(generate({ manifestPath: manifest, contracts: false })).rejects.toThrow(
      /src\/handlers is a symbolic link that points nowhere; nothing was written/,
    );
    expect(existsSync(join(root, 'nowhere'))).toBe(false);
    expect(readdirSync(out).sort()).toEqual(['mcp.yaml', 'src']);
  });
});

describe('reads stay on regular files inside the project', () => {
  it('a state entry naming a pipe outside is ignored, and the run finishes', () => {
    const { root, out, manifest } = project();
    expect(generateCli(manifest).code).toBe(0);
    execFileSync('mkfifo', [join(root, 'pipe')]);
    const statePath = join(out, '.mcp-gen', 'state.json');
    const state = JSON.parse(readFileSync(statePath, 'utf8'));
    state.files['../pipe'] = { owner: 'generator', sha256: 'x' };
    state.files[join(root, 'pipe')] = { owner: 'user', sha256: 'x' };
    writeFileSync(statePath, JSON.stringify(state));
    writeFileSync(manifest, MANIFEST.replace('Says hello', 'Says hello again'));
    const r = generateCli(manifest);
    expect(r.signal).toBe(null);
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(statePath, 'utf8')).files['../pipe']).toBeUndefined();
  });

  it('a handler file swapped for a link to a pipe ends the run with the reason, without blocking', () => {
    const { root, out, manifest } = project();
    expect(generateCli(manifest).code).toBe(0);
    execFileSync('mkfifo', [join(root, 'pipe')]);
    const handler = join(out, 'src', 'handlers', 'tools', 'hello.ts');
    execFileSync('rm', [handler]);
    symlinkSync(join(root, 'pipe'), handler);
    writeFileSync(manifest, MANIFEST.replace('Says hello', 'Says hello again'));
    const r = generateCli(manifest);
    expect(r.signal).toBe(null);
    expect(r.code).not.toBe(0);
    expect(r.out).toMatch(/refusing to read src\/handlers\/tools\/hello\.ts: it is a link to .*pipe outside the folder/);
    expect(r.out).not.toMatch(/\n\s+at /);
  });

  it('a state file that is a pipe ends the run with the reason', () => {
    const { out, manifest } = project();
    mkdirSync(join(out, '.mcp-gen'));
    execFileSync('mkfifo', [join(out, '.mcp-gen', 'state.json')]);
    const r = generateCli(manifest);
    expect(r.signal).toBe(null);
    expect(r.code).not.toBe(0);
    expect(r.out).toMatch(/refusing to read \.mcp-gen\/state\.json: it is not a regular file/);
  });
});

describe('run keys', () => {
  it('live in a private folder under the user cache folder', () => {
    const cache = tempDir('mcp-gen-cache-');
    const { manifest } = project();
    expect(generateCli(manifest, { XDG_CACHE_HOME: cache }).code).toBe(0);
    const dir = join(cache, 'mcp-gen', 'runs');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it('a folder open to others is closed; one owned by another user is not used', () => {
    const cache = tempDir('mcp-gen-cache-');
    mkdirSync(join(cache, 'mcp-gen', 'runs'), { recursive: true, mode: 0o777 });
    chmodSync(join(cache, 'mcp-gen', 'runs'), 0o777);
    expect(runCacheDir({ XDG_CACHE_HOME: cache })).toBe(join(cache, 'mcp-gen', 'runs'));
    expect(statSync(join(cache, 'mcp-gen', 'runs')).mode & 0o777).toBe(0o700);
    if (process.getuid?.() !== 0) return; // Giving a folder to another user needs root.
    const foreign = tempDir('mcp-gen-cache-');
    mkdirSync(join(foreign, 'mcp-gen', 'runs'), { recursive: true });
    chownSync(join(foreign, 'mcp-gen'), 65534, 65534);
    expect(runCacheDir({ XDG_CACHE_HOME: foreign })).toBeUndefined();
    const { manifest } = project();
    expect(generateCli(manifest, { XDG_CACHE_HOME: foreign }).code).toBe(0);
    expect(readdirSync(join(foreign, 'mcp-gen', 'runs'))).toEqual([]);
  });
});

describe('manifest strings that would hide code from review', () => {
  const HIDDEN = /[\u0000\u202a-\u202e\u2066-\u2069]/;
  const hostile = 'Reads \u202eevil\u202c data\u0000 <!-- hidden --> & more';
  // Written as escapes, as review would see them: raw, validate refuses them (test/security/hidden-text.test.ts).
  const quoted = escapeNonAscii(JSON.stringify(hostile));
  const manifest = `version: 1\nserver: {name: sneaky, version: 1.0.0, title: "T <!--", description: ${quoted}}\ntools:\n  hello:\n    description: ${quoted}\n    inputSchema: {type: object, properties: {q: {type: string, description: ${quoted}}}}\n`;

  it('no generated file holds NUL or bidirectional controls, and Markdown shows HTML as text', () => {
    const { out, manifest: path } = project();
    writeFileSync(path, manifest);
    expect(generateCli(path).code).toBe(0);
    const files = execFileSync('find', [out, '-type', 'f', '-not', '-name', 'mcp.yaml'], { encoding: 'utf8' }).trim().split('\n');
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) expect(HIDDEN.test(readFileSync(f, 'utf8')), f).toBe(false);
    const readme = readFileSync(join(out, 'README.md'), 'utf8');
    expect(readme).not.toContain('<!--');
    expect(readme).toContain('&lt;!-- hidden --&gt; &amp; more');
    // The published string keeps every character: escapes in the literal, not changes to it.
    expect(readFileSync(join(out, 'src', 'generated', 'definitions.gen.ts'), 'utf8')).toContain('Reads \\u202Eevil\\u202C data\\u0000');
    const docs = runCli(['docs', '-m', path]);
    expect(docs.code).toBe(0);
    expect(HIDDEN.test(docs.stdout)).toBe(false);
    expect(docs.stdout).not.toContain('<!-- hidden');
  });
});

describe('manifest values too long to print', () => {
  it('a 20 MB description gives warnings of a few hundred characters, in text and JSON', () => {
    const dir = tempDir('mcp-gen-attack-');
    const huge = `Lookup${'!'.repeat(20_000_000)}`;
    writeFileSync(
      join(dir, 'mcp.yaml'),
      `version: 1\nserver: {name: long, version: 1.0.0}\ntools:\n  hello:\n    description: "${huge}"\n`,
    );
    const text = runCli(['validate', '-m', join(dir, 'mcp.yaml')]);
    expect(text.code).toBe(0);
    expect(text.stderr).toMatch(
      /warning tools\.hello\.description: description "Lookup!+ … \(\d+ characters left out\) … !+" is too short/,
    );
    expect(text.stderr.length).toBeLessThan(4_000);
    const json = runCli(['validate', '-m', join(dir, 'mcp.yaml'), '--format', 'json']);
    const { issues } = JSON.parse(json.stdout) as { issues: { code: string; message: string }[] };
    expect(issues.map((i) => i.message.length).every((n) => n < 700)).toBe(true);
    expect(json.stdout.length).toBeLessThan(4_000);
  });

  it('a 20 MB resource URI gives an error of a few hundred characters in check --json', () => {
    const dir = tempDir('mcp-gen-attack-');
    const uri = `not a uri ${'x'.repeat(20_000_000)}`;
    writeFileSync(join(dir, 'mcp.yaml'), `version: 1\nserver: {name: long, version: 1.0.0}\nresources:\n  r: {uri: "${uri}", text: hi}\n`);
    const check = runCli(['check', '-m', join(dir, 'mcp.yaml'), '--json']);
    expect(check.code).toBe(1);
    const { issues } = JSON.parse(check.stdout) as { issues: { code: string; message: string }[] };
    expect(issues.map((i) => i.code)).toEqual(['uri/invalid']);
    expect(issues[0].message).toMatch(/ … \(\d+ characters left out\) … x+" is not an absolute URI/);
    expect(check.stdout.length).toBeLessThan(4_000);
  });
});
