// The CLI's output contract: colour only on a terminal and never with NO_COLOR, --quiet and --json on the project
// commands, documented exit codes, and a completion script that completes what the CLI has.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { colorEnabled, painter, PLAIN } from '../../../generator/core/colors.js';
import { formatIssuesText } from '../../../generator/core/print-issues.js';
import { CLI, runCli, tempDir } from '../../support/project.js';

const ESC = '\x1b[';

describe('colours', () => {
  const cases: { name: string; tty: boolean; env: NodeJS.ProcessEnv; want: boolean }[] = [
    { name: 'a terminal', tty: true, env: {}, want: true },
    { name: 'a pipe', tty: false, env: {}, want: false },
    { name: 'a terminal with NO_COLOR=1', tty: true, env: { NO_COLOR: '1' }, want: false },
    { name: 'a terminal with NO_COLOR=0 (any value counts)', tty: true, env: { NO_COLOR: '0' }, want: false },
    { name: 'a terminal with an empty NO_COLOR', tty: true, env: { NO_COLOR: '' }, want: true },
    { name: 'a dumb terminal', tty: true, env: { TERM: 'dumb' }, want: false },
  ];
  it.each(cases)('$name: $want', ({ tty, env, want }) => {
    expect(colorEnabled({ isTTY: tty }, env)).toBe(want);
    expect(painter({ isTTY: tty }, env) === PLAIN).toBe(!want);
  });

  it('colours severity, caret and hint, and changes nothing else', () => {
    const issue = { code: 'x', severity: 'error' as const, path: 'tools.a', message: 'bad', hint: 'fix it', line: 1, column: 3 };
    const colored = formatIssuesText([issue], 'mcp.yaml', 'a: b', painter({ isTTY: true }, {}));
    expect(colored).toContain(`${ESC}31merror${ESC}39m`);
    expect(colored.replace(/\x1b\[\d+m/g, '')).toBe(formatIssuesText([issue], 'mcp.yaml', 'a: b'));
  });

  it('reaches a real terminal, and not one with NO_COLOR', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'mcp.yaml'), 'version: 1\nserver: {name: x}\n');
    const run = (env: NodeJS.ProcessEnv) =>
      spawnSync('script', ['-qec', `"${process.execPath}" "${CLI}" validate -m mcp.yaml`, '/dev/null'], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, ...env },
      });
    const withoutNoColor = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NO_COLOR'));
    const tty = spawnSync('script', ['-qec', `"${process.execPath}" "${CLI}" validate -m mcp.yaml`, '/dev/null'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...withoutNoColor, TERM: 'xterm' },
    });
    expect(tty.stdout).toContain(ESC);
    expect(run({ NO_COLOR: '1' }).stdout).not.toContain(ESC);
    expect(runCli(['validate', '-m', 'mcp.yaml'], dir).stderr).not.toContain(ESC);
  });
});

function project(): string {
  const dir = tempDir();
  writeFileSync(
    join(dir, 'mcp.yaml'),
    'version: 1\nserver: {name: demo, version: 0.1.0}\ntools:\n  echo:\n    description: Echoes the text back to the caller, unchanged.\n    inputSchema: {type: object, properties: {text: {type: string, description: What to echo.}}}\n',
  );
  return dir;
}

describe('--quiet and --json', () => {
  it('validate --json prints the issues as JSON; --quiet prints nothing for a valid manifest', () => {
    const dir = project();
    const json = runCli(['validate', '-m', 'mcp.yaml', '--json'], dir);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ file: 'mcp.yaml', issues: expect.any(Array) });
    const quiet = runCli(['validate', '-m', 'mcp.yaml', '--quiet'], dir);
    expect(quiet).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('generate --json reports what it wrote; a second run is up to date', () => {
    const dir = project();
    const first = runCli(['generate', '-m', 'mcp.yaml', '--json', '--no-check'], dir);
    expect(first.code).toBe(0);
    const report = JSON.parse(first.stdout);
    expect(report).toMatchObject({ exitCode: 0, upToDate: false, written: true, issues: [], handlerProblems: [] });
    expect(report.summary.created).toBe(report.files.length);
    expect(report.files).toContainEqual({ path: 'src/handlers/tools/echo.ts', action: 'create', owner: 'user' });
    expect(report.files).toContainEqual({ path: 'test/contract.gen.test.ts', action: 'create', owner: 'generator' });
    const second = JSON.parse(runCli(['generate', '-m', 'mcp.yaml', '--json'], dir).stdout);
    expect(second).toMatchObject({ exitCode: 0, upToDate: true, files: [] });
  });

  it('generate --json on an invalid manifest: exit 1, the issues in the JSON, nothing written', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'mcp.yaml'), 'version: 1\nserver: {name: x}\n');
    const r = runCli(['generate', '-m', 'mcp.yaml', '--json'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toMatchObject({
      exitCode: 1,
      written: false,
      issues: [expect.objectContaining({ severity: 'error', line: 2 })],
    });
  });

  it('check --json and --quiet', () => {
    const dir = project();
    expect(runCli(['generate', '-m', 'mcp.yaml', '--quiet', '--no-check'], dir)).toMatchObject({ code: 0, stdout: '' });
    const ok = runCli(['check', '-m', 'mcp.yaml', '--json'], dir);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ ok: true, stale: [], missingHandlers: [], handlerProblems: [] });
    expect(runCli(['check', '-m', 'mcp.yaml', '--quiet'], dir)).toEqual({ code: 0, stdout: '', stderr: '' });
    writeFileSync(join(dir, 'src', 'generated', 'server.gen.ts'), '// edited\n');
    const stale = runCli(['check', '-m', 'mcp.yaml', '--json'], dir);
    expect(stale.code).toBe(1);
    expect(JSON.parse(stale.stdout).stale).toEqual([{ path: 'src/generated/server.gen.ts', reason: 'edited by hand' }]);
    const quiet = runCli(['check', '-m', 'mcp.yaml', '--quiet'], dir);
    expect(quiet.code).toBe(1);
    expect(quiet.stderr).toContain('stale: ./src/generated/server.gen.ts (edited by hand)');
    expect(quiet.stderr).not.toContain('@@');
  });

  it('init --quiet prints nothing; init --json prints the generate report', () => {
    const base = tempDir();
    expect(runCli(['init', join(base, 'a'), '--template', 'minimal', '--quiet'])).toEqual({ code: 0, stdout: '', stderr: '' });
    const json = runCli(['init', join(base, 'b'), '--template', 'minimal', '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ exitCode: 0, written: true });
  });
});

describe('help and exit codes', () => {
  it('documents the exit codes', () => {
    const help = runCli(['--help']);
    expect(help.stdout).toMatch(/Exit codes:\n  0  success\n  1  .*\n  2  bad command line\n  3  /);
    expect(help.stdout).toContain('NO_COLOR');
  });

  it('exits 2 on a bad command line', () => {
    expect(runCli(['generate', '--no-such-flag']).code).toBe(2);
    expect(runCli(['completion', 'tcsh']).code).toBe(2);
  });
});

describe('paths that are not what a command needs', () => {
  const dir = tempDir();
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'mcp.yaml'), 'version: 1\nserver: {name: paths, version: 1.0.0}\n');

  it.each([['validate'], ['generate'], ['lint'], ['docs']])('%s -m FOLDER says it is a folder and names the file to pass', (command) => {
    const run = runCli([command, '-m', 'src'], dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('cannot read the manifest: it is a folder');
    expect(run.stderr).toContain('hint: pass the manifest file in it: -m src/mcp.yaml');
    expect(run.stderr).not.toMatch(/EISDIR|    at /);
  });

  it('lint -m MISSING says the file cannot be read, not that it is invalid', () => {
    const run = runCli(['lint', '-m', 'nope.yaml'], dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('nope.yaml: error cannot read the manifest: file not found');
    expect(run.stderr).toContain('mcp-gen: error: nope.yaml cannot be read');
  });

  it.each([
    ['a folder that does not exist', 'missing', 'missing does not exist'],
    ['a folder with nothing generated', 'src', 'src holds no project generated by mcp-gen'],
  ])('check -o %s says so instead of listing every file as missing', (_, out, says) => {
    const run = runCli(['check', '-o', out], dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`mcp-gen: error: ${says} (no .mcp-gen/state.json)`);
    expect(run.stderr).not.toContain('stale:');
    expect(run.stdout).toBe('');
    const json = runCli(['check', '-o', out, '--json'], dir);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, error: `${says} (no .mcp-gen/state.json)` });
  });
});

describe('shell completion', () => {
  const script = () => runCli(['completion', 'bash']).stdout;

  it('bash: completes commands, subcommands, options and their values', () => {
    const dir = tempDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'completion.bash'), script());
    const complete = (...words: string[]) =>
      execFileSync(
        'bash',
        [
          '-c',
          `source completion.bash; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _mcp_gen; echo "\${COMPREPLY[*]}"`,
        ],
        { cwd: dir, encoding: 'utf8' },
      ).trim();
    expect(complete('mcp-gen', 'ge')).toBe('generate');
    expect(complete('mcp-gen', 'generate', '--dr')).toBe('--dry-run');
    expect(complete('mcp-gen', 'import', '')).toBe('server openapi -h --help');
    expect(complete('mcp-gen', 'import', 'openapi', '--ta')).toBe('--tag');
    expect(complete('mcp-gen', 'init', '--template', '')).toBe('minimal weather');
    expect(complete('mcp-gen', 'completion', 'f')).toBe('fish');
  });

  it('zsh and fish scripts cover every command', () => {
    const zsh = runCli(['completion', 'zsh']);
    expect(zsh.stdout).toMatch(/^#compdef mcp-gen\n/);
    expect(zsh.stdout).toContain('bashcompinit');
    const fish = runCli(['completion', 'fish']).stdout;
    for (const command of ['init', 'validate', 'generate', 'check', 'import', 'completion']) {
      expect(fish).toContain(`-n '__fish_use_subcommand' -a '${command}'`);
    }
    expect(fish).toContain("-n '__fish_seen_subcommand_from generate' -l dry-run");
    expect(fish).toContain('-l manifest -s m -r -F');
  });
});
