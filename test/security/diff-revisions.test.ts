// `mcp-gen diff` reads BASE (or HEAD) from git. CI passes what a pull request names (`--against origin/$BASE_REF`), so
// a revision is attacker's text: one that starts with `-` must never reach git as an option (`git show
// --output=FILE:x` creates or truncates FILE), and the manifest at a revision gets the working tree's rules: a link
// blob (mode 120000) is followed only inside the manifest's folder, and the size is checked before a byte is read.
// Performed for real on temporary repositories, with the CLI in a child process.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, tempDir } from '../support/project.js';

const MANIFEST = 'version: 1\nserver: {name: revised, version: 1.0.0}\ntools:\n  hello: {description: Says hello to the caller.}\n';
const CANARY = `canary-${randomBytes(8).toString('hex')}`;

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@e', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@e' },
  });
}

function diff(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [CLI, 'diff', ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 30_000,
    env: { ...process.env, NO_COLOR: '1', MCP_GEN_CANARY: CANARY },
  });
  return { code: r.status, signal: r.signal, out: `${r.stdout}${r.stderr}` };
}

/** A repository whose first commit holds mcp.yaml as `commit` leaves it, and whose working tree holds a plain manifest. */
function repository(commit: (manifest: string, repo: string) => void): { repo: string; project: string } {
  const repo = tempDir('mcp-gen-diff-rev-');
  const project = join(repo, 'server');
  mkdirSync(project);
  git(repo, 'init', '-q', '-b', 'main');
  writeFileSync(join(repo, 'outside.yaml'), MANIFEST.replace('Says hello', CANARY));
  commit(join(project, 'mcp.yaml'), repo);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'base');
  rmSync(join(project, 'mcp.yaml'), { force: true, recursive: true });
  writeFileSync(join(project, 'mcp.yaml'), MANIFEST);
  return { repo, project };
}

describe('a revision that starts with - is never an option to git', () => {
  it.each([
    { name: '--against=--output=FILE:x', args: (f: string) => [`--against=--output=${f}:x`] },
    { name: '--against --output=FILE (a bare revision)', args: (f: string) => ['--against', `--output=${f}`] },
    { name: 'BASE after --', args: (f: string) => ['--', `--output=${f}:x`] },
    { name: 'HEAD after --', args: (f: string) => ['--', 'mcp.yaml', `--output=${f}:x`] },
  ])('$name: refused, and no file is created or truncated', ({ args }) => {
    const { project } = repository((m) => writeFileSync(m, MANIFEST));
    const away = tempDir('mcp-gen-victim-');
    const victim = join(away, 'victim');
    writeFileSync(`${victim}:x`, 'precious');
    writeFileSync(victim, 'precious');
    const before = readdirSync(project).sort();
    const r = diff(args(victim), project);
    expect(r.code, r.out).toBe(1);
    expect(r.out).toMatch(/mcp-gen: error: '--output=\S+' is neither a file nor a git revision \(a revision never starts with -\)/);
    expect(execFileSync('cat', [victim, `${victim}:x`], { encoding: 'utf8' })).toBe('preciousprecious');
    expect(readdirSync(away).sort()).toEqual(['victim', 'victim:x']);
    expect(readdirSync(project).sort()).toEqual(before);
  });

  it('a revision that names nothing is reported as before', () => {
    const { project } = repository((m) => writeFileSync(m, MANIFEST));
    expect(diff(['--against', 'no-such-branch'], project).out).toMatch(/'no-such-branch' is neither a file nor a git revision\n/);
    expect(diff(['--against', 'HEAD'], project)).toMatchObject({ code: 0 });
  });
});

describe('the manifest at a revision is read under the working tree rules', () => {
  it.each([
    {
      name: 'a link blob to /proc/self/environ',
      commit: (m: string) => symlinkSync('/proc/self/environ', m),
      want: /HEAD:(server\/)?mcp\.yaml: cannot read the manifest: it is a link to \/proc\/self\/environ, outside the manifest's folder/,
    },
    {
      name: 'a link blob to a committed file outside its folder',
      commit: (m: string) => symlinkSync('../outside.yaml', m),
      want: /HEAD:(server\/)?mcp\.yaml: cannot read the manifest: it is a link to \.\.\/outside\.yaml, outside the manifest's folder/,
    },
    {
      name: 'a blob larger than 64 MiB',
      commit: (m: string) => {
        writeFileSync(m, MANIFEST);
        truncateSync(m, 64 * 1024 * 1024 + 1);
      },
      want: /HEAD:(server\/)?mcp\.yaml: cannot read the manifest: it is larger than 64 MiB/,
    },
    {
      name: 'a folder',
      commit: (m: string) => {
        mkdirSync(m);
        writeFileSync(join(m, 'x'), '');
      },
      want: /HEAD:(server\/)?mcp\.yaml: cannot read the manifest: it is a folder/,
    },
  ])('$name: refused with the reason, nothing of it printed', ({ commit, want }) => {
    const { project } = repository(commit);
    for (const args of [['--against', 'HEAD'], ['HEAD'], ['HEAD:server/mcp.yaml', 'mcp.yaml']]) {
      const r = diff(args, project);
      expect(r.signal).toBe(null);
      expect(r.code, r.out).toBe(1);
      expect(r.out).toMatch(want);
      expect(r.out).not.toContain(CANARY);
      expect(r.out).not.toMatch(/\n\s+at /);
    }
  });

  it('a link blob to a file inside its folder is followed, at that revision', () => {
    const { project } = repository((m) => {
      mkdirSync(join(m, '..', 'manifests'));
      writeFileSync(join(m, '..', 'manifests', 'real.yaml'), MANIFEST.replace('Says hello', 'Greets'));
      symlinkSync('manifests/real.yaml', m);
    });
    const r = diff(['--against', 'HEAD', '--format', 'json'], project);
    expect(r.code, r.out).toBe(0);
    // BASE is the file the link names at HEAD ("Greets ..."), not the link's own text, which is no manifest.
    expect(JSON.parse(r.out).changes).toMatchObject([{ rule: 'tool-description-clarified', path: 'tools.hello.description' }]);
  });
});
