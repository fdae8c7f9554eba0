// The review commands through the built CLI: exit codes, git revisions read without a checkout, files written or
// left alone.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli, tempDir } from '../../support/project.js';

const CASE = join(ROOT, 'test', 'fixtures-review', 'diff-catalogue');
const base = readFileSync(join(CASE, 'base.yaml'), 'utf8');
const head = readFileSync(join(CASE, 'head.yaml'), 'utf8');
/** Only risky changes: a description rewritten. */
/** One breaking change (a tool removed) beside a safe one (a tool added). */
const oneBreaking = base.replace(
  '  export_list:\n    description: Export a reading list as CSV.',
  '  import_list:\n    description: Import a reading list from CSV.',
);
const riskyOnly = base.replace("Remove one of the user's reviews.", 'Permanently wipe a review and all of its replies from the shop.');

/** runCli without its shortcut: standard error is kept when the exit code is 0. */
function cli(args: string[], cwd: string): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'mcp-gen.js'), ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd: dir,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.com',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.com',
    },
  });
}

function files(pairs: Record<string, string>): string {
  const dir = tempDir('mcp-gen-review-');
  for (const [name, text] of Object.entries(pairs)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('mcp-gen diff --fail-on', () => {
  const dir = files({ 'base.yaml': base, 'head.yaml': head, 'risky.yaml': riskyOnly, 'one.yaml': oneBreaking });
  const cases: { name: string; args: string[]; code: number; stderr: RegExp | '' }[] = [
    { name: 'no threshold: report only', args: ['base.yaml', 'head.yaml'], code: 0, stderr: '' },
    { name: 'explicit none', args: ['base.yaml', 'head.yaml', '--fail-on', 'none'], code: 0, stderr: '' },
    {
      name: 'breaking changes, --fail-on breaking',
      args: ['base.yaml', 'head.yaml', '--fail-on', 'breaking'],
      code: 1,
      stderr: /^mcp-gen: error: 8 breaking changes \(--fail-on breaking\)\n$/,
    },
    {
      name: 'breaking changes, --fail-on risky',
      args: ['base.yaml', 'head.yaml', '--fail-on', 'risky'],
      code: 1,
      stderr: /8 breaking and 3 risky changes \(--fail-on risky\)/,
    },
    {
      name: 'one breaking change beside a safe one counts one',
      args: ['base.yaml', 'one.yaml', '--fail-on', 'breaking'],
      code: 1,
      stderr: /^mcp-gen: error: 1 breaking change \(--fail-on breaking\)\n$/,
    },
    { name: 'risky only, --fail-on breaking', args: ['base.yaml', 'risky.yaml', '--fail-on', 'breaking'], code: 0, stderr: '' },
    {
      name: 'risky only, --fail-on risky',
      args: ['base.yaml', 'risky.yaml', '--fail-on', 'risky'],
      code: 1,
      stderr: /1 risky change \(--fail-on risky\)/,
    },
    { name: 'no change, --fail-on risky', args: ['base.yaml', 'base.yaml', '--fail-on', 'risky'], code: 0, stderr: '' },
    {
      name: 'unknown threshold',
      args: ['base.yaml', 'head.yaml', '--fail-on', 'safe'],
      code: 2,
      stderr: /--fail-on must be one of breaking, risky, none/,
    },
    {
      name: 'unknown format',
      args: ['base.yaml', 'head.yaml', '--format', 'xml'],
      code: 2,
      stderr: /--format must be one of text, markdown, json, github/,
    },
    { name: 'nothing to compare with', args: [], code: 2, stderr: /name what to compare against/ },
  ];
  it.each(cases)('$name -> exit $code', ({ args, code, stderr }) => {
    const r = cli(['diff', ...args], dir);
    expect(r.code).toBe(code);
    if (stderr === '') expect(r.stderr).toBe('');
    else expect(r.stderr).toMatch(stderr);
  });

  it('prints the report even when it fails, in the requested format', () => {
    const r = runCli(['diff', 'base.yaml', 'head.yaml', '--fail-on', 'breaking', '--format', 'json'], dir);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).summary).toEqual({ breaking: 8, risky: 3, safe: 4 });
  });

  it('reports an invalid manifest with positions, exit 1', () => {
    const bad = files({
      'base.yaml': base,
      'head.yaml': head.replace('uriTemplate: catalogue://covers/{isbn}/{size}', 'uriTemplate: catalogue://covers/{isbn'),
    });
    const r = runCli(['diff', 'base.yaml', 'head.yaml'], bad);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^head\.yaml:63:\d+: error resourceTemplates\.book_cover\.uriTemplate/);
    expect(r.stderr).toMatch(/mcp-gen: error: HEAD \(head\.yaml\) is not a valid manifest: 1 error; nothing was compared\n$/);
  });
});

describe('mcp-gen diff against git revisions', () => {
  let repo: string;
  beforeAll(() => {
    repo = tempDir('mcp-gen-review-git-');
    git(repo, 'init', '-q', '-b', 'main');
    writeFileSync(join(repo, 'mcp.yaml'), base);
    git(repo, 'add', 'mcp.yaml');
    git(repo, 'commit', '-q', '-m', 'base');
    writeFileSync(join(repo, 'mcp.yaml'), head);
    git(repo, 'commit', '-q', '-am', 'head');
    // Uncommitted work on top: diff --against reads the working file, and must leave it as it is.
    writeFileSync(join(repo, 'mcp.yaml'), riskyOnly);
  });

  it('--against HEAD~1 compares the working manifest with the one a commit ago', () => {
    const r = cli(['diff', '--against', 'HEAD~1', '--format', 'json'], repo);
    expect(r.stderr).toBe('');
    const report = JSON.parse(r.stdout);
    expect(report.base).toBe('HEAD~1:mcp.yaml');
    expect(report.head).toBe('mcp.yaml');
    expect(report.summary).toEqual({ breaking: 0, risky: 1, safe: 0 });
    expect(readFileSync(join(repo, 'mcp.yaml'), 'utf8')).toBe(riskyOnly);
    expect(git(repo, 'status', '--porcelain')).toBe(' M mcp.yaml\n');
  });

  it('two revisions: HEAD~1 HEAD', () => {
    const r = runCli(['diff', 'HEAD~1', 'HEAD', '--fail-on', 'breaking'], repo);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^mcp-gen diff HEAD~1:mcp\.yaml -> HEAD:mcp\.yaml: 8 breaking, 3 risky, 4 safe\n/);
  });

  it('REV:path and a manifest in a subfolder (-m)', () => {
    const r = runCli(['diff', 'main~1:mcp.yaml', 'main:mcp.yaml', '--format', 'github'], repo);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^::error file=mcp\.yaml,line=10,col=30,/);
    const outside = tempDir('mcp-gen-review-cwd-');
    const m = runCli(['diff', '--against', 'HEAD~1', '-m', join(repo, 'mcp.yaml'), '--format', 'json'], outside);
    expect(JSON.parse(m.stdout).summary.risky).toBe(1);
  });

  it('an unknown revision is a clear error', () => {
    const r = runCli(['diff', '--against', 'no-such-branch'], repo);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      "mcp-gen: error: 'no-such-branch' is neither a file nor a git revision\n  hint: name a manifest file, a branch, a tag or a commit (e.g. main, HEAD~1, origin/main)\n",
    );
  });

  it('a manifest missing at the revision is a clear error', () => {
    writeFileSync(join(repo, 'other.yaml'), base);
    const r = runCli(['diff', '--against', 'HEAD', '-m', 'other.yaml'], repo);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/HEAD:other\.yaml: the manifest does not exist at revision HEAD/);
  });
});

describe('mcp-gen fmt, docs, lint, validate', () => {
  const messy = readFileSync(join(ROOT, 'test', 'fixtures-review', 'fmt-messy', 'mcp.yaml'), 'utf8');
  const formatted = readFileSync(join(ROOT, 'test', 'fixtures-review', 'fmt-messy', 'expected-fmt.yaml'), 'utf8');

  it('fmt --check fails on an unformatted manifest, prints the difference and changes nothing', () => {
    const dir = files({ 'mcp.yaml': messy });
    const r = runCli(['fmt', '--check'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('+  search:');
    expect(r.stderr).toBe('mcp-gen: error: mcp.yaml is not formatted\n  hint: run `mcp-gen fmt -m mcp.yaml`\n');
    expect(readFileSync(join(dir, 'mcp.yaml'), 'utf8')).toBe(messy);
  });

  it('fmt rewrites it, after which --check passes', () => {
    const dir = files({ 'mcp.yaml': messy });
    expect(runCli(['fmt'], dir)).toEqual({ code: 0, stdout: 'formatted mcp.yaml\n', stderr: '' });
    expect(readFileSync(join(dir, 'mcp.yaml'), 'utf8')).toBe(formatted);
    expect(runCli(['fmt', '--check'], dir)).toEqual({ code: 0, stdout: 'mcp.yaml: already formatted\n', stderr: '' });
  });

  it('fmt leaves a file with YAML errors alone', () => {
    const broken = 'version: 1\nserver: {name: x\n';
    const dir = files({ 'mcp.yaml': broken });
    const r = runCli(['fmt'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^mcp\.yaml:\d+:\d+: error YAML syntax/);
    expect(readFileSync(join(dir, 'mcp.yaml'), 'utf8')).toBe(broken);
  });

  it('docs -o writes the reference; --check passes until the manifest changes', () => {
    const dir = files({ 'mcp.yaml': head });
    expect(runCli(['docs', '--check', '-o', 'TOOLS.md'], dir)).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/TOOLS\.md does not exist/),
    });
    expect(runCli(['docs', '-o', 'TOOLS.md'], dir)).toEqual({ code: 0, stdout: 'wrote TOOLS.md\n', stderr: '' });
    expect(runCli(['docs', '--check', '-o', 'TOOLS.md'], dir)).toEqual({ code: 0, stdout: 'TOOLS.md: up to date\n', stderr: '' });
    writeFileSync(join(dir, 'mcp.yaml'), head.replace('Details of one book.', 'Everything known about one book.'));
    const stale = runCli(['docs', '--check', '-o', 'TOOLS.md'], dir);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toBe(
      'mcp-gen: error: TOOLS.md is stale\n  hint: run `mcp-gen docs -m mcp.yaml -o TOOLS.md` and commit the result\n',
    );
  });

  it('lint exits 1 only for rules set to error; validate shows lint findings as warnings and passes', () => {
    const dir = tempDir('mcp-gen-review-lint-');
    copyFileSync(join(ROOT, 'test', 'fixtures-review', 'lint-findings', 'mcp.yaml'), join(dir, 'mcp.yaml'));
    expect(runCli(['lint'], dir).code).toBe(1);
    const v = cli(['validate'], dir);
    expect(v.code).toBe(0);
    expect(v.stderr).toMatch(/warning tools\.purge_cache\.description: description "Empty caches\." is too short/);
    expect(v.stderr).toMatch(/0 errors, 11 warnings\n$/);
    writeFileSync(
      join(dir, 'mcp.yaml'),
      readFileSync(join(dir, 'mcp.yaml'), 'utf8').replace('description-short: error', 'description-short: warn'),
    );
    expect(runCli(['lint'], dir).code).toBe(0);
  });
});
