// `mcp-gen init` as a new user runs it: a starter manifest, a project that builds, and a server whose fresh stubs
// answer with a clear "not implemented" tool error.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProject, connectStdio, runCli, tempDir } from '../support/project.js';

describe.each(['minimal', 'weather'])('init --template %s', (template) => {
  it('scaffolds a project that builds and serves every entry', async () => {
    const dir = join(tempDir(), 'my-server');
    const init = runCli(['init', dir, '--template', template]);
    expect(init.code).toBe(0);
    expect(init.stdout).toContain('Next steps:');
    expect(init.stdout).toContain('npm install');
    expect(readFileSync(join(dir, 'mcp.yaml'), 'utf8')).toMatch(/^# yaml-language-server: \$schema=\.mcp-gen\/manifest\.schema\.json/);
    expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name).toBe('my-server');
    buildProject(dir);

    const client = await connectStdio(dir, 'legacy');
    try {
      expect(client.getServerVersion()?.name).toBe('my-server');
      const { tools } = await client.listTools();
      expect(tools.length).toBeGreaterThan(0);
      const tool = tools[0];
      const args = template === 'minimal' ? { text: 'hi' } : { city: 'Paris' };
      const result = await client.callTool({ name: tool.name, arguments: args });
      expect(result.isError).toBe(true);
      expect(result.content).toEqual([
        { type: 'text', text: `tool "${tool.name}" is not implemented yet: edit src/handlers/tools/${tool.name}.ts` },
      ]);
    } finally {
      await client.close();
    }
  });
});

describe('init', () => {
  it('refuses to overwrite an existing manifest', () => {
    const dir = tempDir();
    expect(runCli(['init', dir, '--template', 'minimal']).code).toBe(0);
    const again = runCli(['init', dir]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/mcp\.yaml already exists/);
  });

  it('rejects an unknown template before writing anything', () => {
    const dir = join(tempDir(), 'x');
    const r = runCli(['init', dir, '--template', 'nope']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--template must be one of minimal, weather/);
    expect(existsSync(dir)).toBe(false);
  });

  it('prints help and version', () => {
    expect(runCli(['--help']).stdout).toMatch(/Usage: mcp-gen/);
    expect(runCli(['generate', '--help']).stdout).toMatch(/--dry-run/);
    expect(runCli(['--version']).stdout.trim()).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
  });
});
