// `mcp-gen import server` without building: what it writes for invalid sources, how --merge updates a reviewed
// manifest, and the errors for servers that cannot be reached. No stack traces, and nothing written on failure.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CLI, ROOT, tempDir } from '../support/project.js';

const TRICKY = join(ROOT, 'test', 'fixtures-import', 'servers', 'tricky-server.mjs');

function cli(args: string[], cwd: string, env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...env, NO_COLOR: '1' } });
  return { code: r.status ?? 1, stdout: r.stdout, stderr: r.stderr };
}

const noStackTrace = (text: string) => expect(text).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);

describe('import server: an invalid source', () => {
  it('keeps what the server publishes, says so, and validate reports it', () => {
    const dir = tempDir('import-invalid-');
    const r = cli(['import', 'server', '--', process.execPath, TRICKY], dir, { TRICKY_INVALID: '1' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/mcp\.yaml:\d+:\d+: error tools\.list_values\.inputSchema\.type: inputSchema must describe an object/);
    expect(r.stderr).toContain(
      'mcp-gen: error: mcp.yaml keeps what the source publishes, but it cannot be generated as it is\n  hint: fix the errors above, then run mcp-gen generate -m mcp.yaml',
    );
    noStackTrace(r.stderr);
    expect(readdirSync(dir)).toEqual(['mcp.yaml']);
    const manifest = parse(readFileSync(join(dir, 'mcp.yaml'), 'utf8'));
    expect(manifest.tools.list_values.inputSchema).toEqual({ type: 'array', items: { type: 'string' } });
    const validate = cli(['validate'], dir);
    expect(validate.code).toBe(1);
    expect(validate.stderr).toMatch(/error tools\.list_values\.inputSchema\.type/);
  });
});

describe('import server: --merge', () => {
  it('adds new entries, reports changed ones and leaves the reviewed manifest (comments included) as it was', () => {
    const dir = tempDir('import-merge-');
    expect(cli(['import', 'server', '--no-generate', '--', process.execPath, TRICKY], dir).code).toBe(0);
    const original = readFileSync(join(dir, 'mcp.yaml'), 'utf8');
    const reviewed = original
      .replace('    description: Digits first\n', '    # keep this wording\n    description: Digits first, reviewed\n')
      .replace('  no_args: {inputSchema: {type: object}}\n', '')
      .replace('tools:\n', 'tools:\n  hand_written:\n    description: Not from the server\n');
    expect(reviewed).not.toBe(original);
    writeFileSync(join(dir, 'mcp.yaml'), reviewed);

    const r = cli(['import', 'server', '--merge', '--no-generate', '--', process.execPath, TRICKY], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('  added     tools/no_args\n');
    expect(r.stdout).toContain(
      '  changed   tools/123-starts-with-digit (kept as it is in the manifest):\n      description: manifest "Digits first, reviewed", source "Digits first"\n',
    );
    expect(r.stdout).toContain('  kept      tools/hand_written (the source no longer publishes it)\n');
    const merged = readFileSync(join(dir, 'mcp.yaml'), 'utf8');
    expect(merged).toContain('    # keep this wording\n    description: Digits first, reviewed\n');
    expect(merged).toContain('  no_args: {inputSchema: {type: object}}\n');
    expect(parse(merged).tools.hand_written).toEqual({ description: 'Not from the server' });
  });

  it('refuses to replace an existing manifest without --merge, before contacting the server', () => {
    const dir = tempDir('import-exists-');
    writeFileSync(join(dir, 'mcp.yaml'), 'version: 1\n');
    const r = cli(['import', 'server', '--', 'no-such-command-xyz'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'mcp-gen: error: mcp.yaml already exists\n  hint: add --merge to add what is new to it, or choose another file with --output\n',
    );
  });
});

describe('import server: servers that cannot be imported', () => {
  it('a URL nothing listens on', async () => {
    const port = await freePort();
    const dir = tempDir('import-unreachable-');
    const r = cli(['import', 'server', '--url', `http://127.0.0.1:${port}/mcp`], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `mcp-gen: error: cannot reach http://127.0.0.1:${port}/mcp: connection refused\n  hint: start the server first, and check the host, port and path\n`,
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a command that does not exist', () => {
    const dir = tempDir('import-nocommand-');
    const r = cli(['import', 'server', '--', 'no-such-command-xyz', '--flag'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'mcp-gen: error: cannot start "no-such-command-xyz": command not found\n  hint: give the command after --, e.g. mcp-gen import server -- node build/server.js\n',
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a server that exits at once: its stderr is shown', () => {
    const dir = tempDir('import-exits-');
    const r = cli(['import', 'server', '--', process.execPath, '-e', "console.error('missing API_TOKEN'); process.exit(3)"], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^mcp-gen: error: .* the MCP handshake failed: .*\n {2}server stderr:\n {4}missing API_TOKEN\n {2}hint: check that the command starts an MCP server on stdio\n$/,
    );
    noStackTrace(r.stderr);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a server that never answers, within --timeout', () => {
    const dir = tempDir('import-silent-');
    const r = cli(
      ['import', 'server', '--era', 'legacy', '--timeout', '1500', '--', process.execPath, '-e', 'setInterval(() => {}, 1000)'],
      dir,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^mcp-gen: error: .*: no answer to the MCP handshake within 1500 ms\n/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it.each([
    [['import', 'server'], 'give the server to import: mcp-gen import server -- COMMAND [ARGS...], or --url URL'],
    [
      ['import', 'server', '--url', 'http://127.0.0.1:1/mcp', '--', 'node', 'x.js'],
      'give either --url URL or a command after --, not both',
    ],
    [['import', 'server', '--era', 'newest', '--', 'node'], '--era must be auto, legacy or modern, not "newest"'],
    [['import', 'server', '--url', 'not a url'], '--url "not a url" is not a URL'],
    [['import', 'server', '--url', 'http://x/mcp', '-H', 'no-colon'], '--header "no-colon" must look like "Name: value"'],
  ])('bad command line %j: exit 2', (args, message) => {
    const r = cli(args, tempDir('import-usage-'));
    expect(r.stderr).toContain(`mcp-gen: error: ${message}`);
    expect(r.code).toBe(2);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
