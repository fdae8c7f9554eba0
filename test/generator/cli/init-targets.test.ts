// `mcp-gen init --target`: the starter lists node and the platforms chosen, with either template, validates as
// written, and becomes a project with each platform's entry and configuration that type-checks.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { initTargets, starterManifest, STARTER_TEMPLATES } from '../../../generator/cli/starter-manifest.js';
import { TARGET_NAMES } from '../../../generator/core/index.js';
import { loadManifest } from '../../../generator/load/index.js';
import { validateManifest } from '../../../generator/validate/index.js';
import { buildProject, runCli, tempDir } from '../../support/project.js';

const PLATFORMS = TARGET_NAMES.filter((t) => t !== 'node');

describe('init --target: the targets', () => {
  it('puts node first, then each platform once, in the order given; node alone needs no list', () => {
    expect(initTargets([])).toEqual({ targets: [] });
    expect(initTargets(['node'])).toEqual({ targets: [] });
    expect(initTargets(['workers'])).toEqual({ targets: ['node', 'workers'] });
    expect(initTargets(['lambda,workers', ' deno ', 'workers', 'node', ','])).toEqual({ targets: ['node', 'lambda', 'workers', 'deno'] });
  });

  it('refuses a name that is no target', () => {
    expect(initTargets(['workers', 'Vercel'])).toEqual({
      error: '--target must be one of node, deno, bun, workers, vercel, lambda, not "Vercel"',
    });
  });
});

describe.each(STARTER_TEMPLATES)('init --template %s --target', (template) => {
  it.each(PLATFORMS)('%s: a starter that validates as written, with targets after server and transports', (platform) => {
    const text = starterManifest(template, 'notes', ['node', platform]);
    const issues = validateManifest(loadManifest('mcp.yaml', text), { lint: true });
    expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
    const keys = text
      .split('\n')
      .filter((line) => /^[a-z]+:/.test(line))
      .map((line) => line.split(':')[0]);
    expect(keys.slice(0, 3)).toEqual(template === 'weather' ? ['version', 'server', 'transports'] : ['version', 'server', 'targets']);
    expect(keys).toContain('targets');
    expect(text).toContain(`\ntargets: [node, ${platform}]\n`);
  });

  it('leaves the starter as it was without a platform', () => {
    expect(starterManifest(template, 'notes', [])).toBe(starterManifest(template, 'notes'));
  });
});

describe('init --target (the CLI)', () => {
  it.each(STARTER_TEMPLATES)('--template %s with every platform: a project whose entries all type-check', (template) => {
    const dir = join(tempDir(), 'notes');
    const r = runCli([
      'init',
      dir,
      '--template',
      template,
      '--target',
      'workers',
      '--target',
      'deno,bun',
      '--target',
      'vercel,lambda',
      '--quiet',
    ]);
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(readFileSync(join(dir, 'mcp.yaml'), 'utf8')).toContain('\ntargets: [node, workers, deno, bun, vercel, lambda]\n');
    for (const platform of PLATFORMS) expect(existsSync(join(dir, 'src', 'generated', `${platform}.gen.ts`)), platform).toBe(true);
    for (const config of ['wrangler.jsonc', 'vercel.json', 'api/mcp.js', 'template.yaml'])
      expect(existsSync(join(dir, config)), config).toBe(true);
    // The Worker's entry is wrangler.jsonc's main, and each platform's command is a script of package.json.
    expect(readFileSync(join(dir, 'wrangler.jsonc'), 'utf8')).toContain('"main": "src/generated/workers.gen.ts"');
    const scripts = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts;
    expect(Object.keys(scripts)).toEqual(
      expect.arrayContaining(['dev:workers', 'deploy:workers', 'start:deno', 'start:bun', 'deploy:vercel', 'deploy:lambda']),
    );
    buildProject(dir);
  });

  it('--json reports the project written', () => {
    const dir = join(tempDir(), 'notes');
    const r = runCli(['init', dir, '--template', 'minimal', '--target', 'deno', '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ exitCode: 0, written: true, issues: [] });
    expect(report.files.map((f: { path: string }) => f.path)).toContain('src/generated/deno.gen.ts');
  });

  it('refuses an unknown target as a bad command line, before writing anything', () => {
    const dir = join(tempDir(), 'notes');
    const r = runCli(['init', dir, '--target', 'cloudflare']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--target must be one of node, deno, bun, workers, vercel, lambda, not "cloudflare"');
    expect(existsSync(dir)).toBe(false);
  });

  it('--target node writes the plain starter and generates it', () => {
    const dir = join(tempDir(), 'notes');
    const r = runCli(['init', dir, '--template', 'minimal', '--target', 'node', '--quiet']);
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(readFileSync(join(dir, 'mcp.yaml'), 'utf8')).toBe(starterManifest('minimal', 'notes'));
    expect(existsSync(join(dir, 'src', 'generated', 'server.gen.ts'))).toBe(true);
  });

  it('completes --target with the targets', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'completion.bash'), runCli(['completion', 'bash']).stdout);
    const script = `source completion.bash; COMP_WORDS=(mcp-gen init --target ''); COMP_CWORD=3; _mcp_gen; echo "\${COMPREPLY[*]}"`;
    expect(execFileSync('bash', ['-c', script], { cwd: dir, encoding: 'utf8' }).trim()).toBe(TARGET_NAMES.join(' '));
  });
});
