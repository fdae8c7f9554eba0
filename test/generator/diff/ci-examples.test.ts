// The CI examples in examples/ci/ run as written: every mcp-gen command of the workflow and of the pre-commit
// hooks, in a repository whose pull request adds a tool (passes) and then removes one (the diff step fails).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CLI, ROOT, tempDir } from '../../support/project.js';

const CI = join(ROOT, 'examples', 'ci');
const base = readFileSync(join(ROOT, 'test', 'fixtures-review', 'fmt-messy', 'expected-fmt.yaml'), 'utf8');

interface Step {
  name?: string;
  run?: string;
}

/** The workflow's shell commands that call mcp-gen, with `npx mcp-gen` pointing at this build. */
function workflowCommands(): { name: string; script: string }[] {
  const workflow = parse(readFileSync(join(CI, 'mcp-review.yml'), 'utf8')) as { jobs: { review: { steps: Step[] } } };
  return workflow.jobs.review.steps
    .filter((s) => s.run?.includes('mcp-gen'))
    .map((s) => ({
      name: s.name ?? s.run!,
      script: s.run!.replace(/\$\{\{ github\.base_ref \}\}/g, 'main').replace(/^\s*gh pr comment[\s\S]*$/m, ''),
    }));
}

function hookCommands(): { id: string; entry: string; pass: boolean }[] {
  const config = parse(readFileSync(join(CI, '.pre-commit-config.yaml'), 'utf8')) as {
    repos: { hooks: { id: string; entry: string; pass_filenames?: boolean }[] }[];
  };
  return config.repos[0].hooks.map((h) => ({ id: h.id, entry: h.entry, pass: h.pass_filenames !== false }));
}

let lastOutput = '';

function sh(script: string, cwd: string, args: string[] = []): number {
  const bin = tempDir('mcp-gen-npx-');
  writeFileSync(join(bin, 'npx'), `#!/bin/sh\n[ "$1" = mcp-gen ] && shift\nexec "${process.execPath}" "${CLI}" "$@"\n`, { mode: 0o755 });
  const env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, GITHUB_STEP_SUMMARY: join(cwd, '.summary') };
  const r = spawnSync('sh', ['-c', script, 'sh', ...args], { cwd, env, encoding: 'utf8' });
  if (r.status !== 0) lastOutput = `${r.stdout}${r.stderr}`;
  return r.status ?? -1;
}

function repoWithPullRequest(head: string): string {
  const dir = tempDir('mcp-gen-ci-');
  const git = (...a: string[]) =>
    execFileSync('git', a, {
      cwd: dir,
      env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@e', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@e' },
    });
  git('init', '-q', '-b', 'main');
  writeFileSync(join(dir, 'mcp.yaml'), base);
  mkdirSync(join(dir, 'docs'));
  expect(sh(`npx mcp-gen docs -o docs/mcp.md`, dir), lastOutput).toBe(0);
  git('add', '.');
  git('commit', '-q', '-m', 'base');
  git('update-ref', 'refs/remotes/origin/main', 'HEAD');
  writeFileSync(join(dir, 'mcp.yaml'), head);
  expect(sh(`npx mcp-gen docs -o docs/mcp.md`, dir), lastOutput).toBe(0);
  return dir;
}

describe('examples/ci', () => {
  const added = base.replace(
    'prompts:',
    '  count_items:\n    title: Count\n    description: Count the items in the catalogue, by kind.\n    annotations: {readOnlyHint: true}\nprompts:',
  );
  const removed = base.replace(/ {2}delete_item:\n(?: {4}.*\n)+/, '');

  it('the workflow passes on a pull request that adds a tool', () => {
    const dir = repoWithPullRequest(added);
    const steps = workflowCommands();
    expect(steps.map((s) => s.name)).toEqual(['Manifest is formatted', 'Lint', 'Docs are current', 'Breaking changes', 'Change report']);
    for (const step of steps) expect(sh(step.script, dir), `${step.name}: ${lastOutput}`).toBe(0);
    expect(readFileSync(join(dir, 'mcp-diff.md'), 'utf8')).toMatch(/^## MCP surface changes: 0 breaking, 0 risky, 1 safe/);
  });

  it('the breaking-change step fails on a pull request that removes a tool', () => {
    const dir = repoWithPullRequest(removed);
    const codes = Object.fromEntries(workflowCommands().map((s) => [s.name, sh(s.script, dir)]));
    expect(codes).toEqual({ 'Manifest is formatted': 0, Lint: 0, 'Docs are current': 0, 'Breaking changes': 1, 'Change report': 0 });
  });

  it('the pre-commit hooks run: fmt rewrites, lint and docs pass, the pre-push diff blocks a removal', () => {
    const dir = repoWithPullRequest(removed);
    writeFileSync(join(dir, 'mcp.yaml'), readFileSync(join(ROOT, 'test', 'fixtures-review', 'fmt-messy', 'mcp.yaml'), 'utf8'));
    const hooks = hookCommands();
    expect(hooks.map((h) => h.id)).toEqual(['mcp-gen-fmt', 'mcp-gen-lint', 'mcp-gen-docs', 'mcp-gen-diff']);
    const run = (id: string) => {
      const h = hooks.find((x) => x.id === id)!;
      return sh(h.pass ? `${h.entry} "$@"` : h.entry, dir, h.pass ? ['mcp.yaml'] : []);
    };
    expect(run('mcp-gen-fmt')).toBe(0);
    expect(readFileSync(join(dir, 'mcp.yaml'), 'utf8')).toBe(base);
    expect(run('mcp-gen-lint')).toBe(0);
    expect(run('mcp-gen-docs')).toBe(0);
    writeFileSync(join(dir, 'mcp.yaml'), removed);
    expect(run('mcp-gen-diff')).toBe(1);
  });
});
