// manifest.json of the MCP Bundle: every checked-in one (golden trees, examples) and those of richer manifests pass
// the official validator (`mcpb validate`, and the package's strict schema of the version they declare), and say
// what the server is, how a client starts it and which settings it asks the user for.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { mcpb, type McpbLibrary, mcpbLibrary } from '../support/mcpb.js';
import { generateProject, ROOT, runCli, tempDir } from '../support/project.js';

let lib: McpbLibrary;
beforeAll(async () => {
  lib = await mcpbLibrary();
});

function expectValid(dir: string): Record<string, unknown> {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  const strict = lib.MANIFEST_SCHEMAS[manifest.manifest_version].safeParse(manifest);
  expect(strict.error?.issues ?? [], dir).toEqual([]);
  const cli = mcpb(['validate', join(dir, 'manifest.json')]);
  expect(cli, dir).toMatchObject({ code: 0, output: expect.stringContaining('Manifest schema validation passes!') });
  return manifest;
}

const checkedIn = [
  ...readdirSync(join(ROOT, 'test', 'fixtures')).map((c) => join(ROOT, 'test', 'fixtures', c, 'expected')),
  ...readdirSync(join(ROOT, 'examples')).map((e) => join(ROOT, 'examples', e)),
].filter((dir) => existsSync(join(dir, 'package.json')));

describe('checked-in projects', () => {
  it.each(checkedIn.map((dir) => [dir.slice(ROOT.length + 1), dir]))(
    '%s: a manifest.json exactly when it serves stdio, valid',
    (_, dir) => {
      const stdio = existsSync(join(dir, 'src', 'generated', 'runtime', 'stdio.gen.ts'));
      expect(existsSync(join(dir, 'manifest.json'))).toBe(stdio);
      if (!stdio) return;
      const manifest = expectValid(dir);
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      expect(manifest).toMatchObject({ version: pkg.version, server: { type: 'node', entry_point: 'dist/main.js' } });
      expect(pkg.scripts.bundle).toBe('npm run build && node scripts/bundle.mjs');
    },
  );

  it('covers the golden trees and examples that serve stdio', () => {
    expect(checkedIn.filter((dir) => existsSync(join(dir, 'manifest.json'))).length).toBeGreaterThanOrEqual(6);
  });
});

const RICH = `version: 1
server:
  name: tracker
  version: 2.3.4-beta.1
  title: Issue Tracker
  description: Files and lists issues.
  websiteUrl: https://tracker.example.com/docs
  icons: [{src: 'data:image/png;base64,iVBORw0KGgo=', mimeType: image/png, sizes: [16x16]}]
telemetry: {otel: true}
bundle:
  author: {name: Tracker Team, email: team@example.com, url: https://example.com}
  env:
    TRACKER_TOKEN: {title: API token, description: Token of the tracker's API, sensitive: true, required: true}
    TRACKER_PROJECT: {title: Project, description: Project issues are filed in}
    TRACKER_LIMIT: {title: Page size, description: Issues per page, type: number, default: 20}
    LOG_LEVEL: {title: Verbosity, description: How much the server logs, default: warn}
toolsets:
  issues: {description: Read and file issues, tools: [list_issues], default: true}
  admin: {description: Administration, tools: [delete_repo]}
tools:
  list_issues: {description: Lists the open issues of the project.}
  delete_repo: {description: Deletes the repository for good.}
  untitled: {}
prompts:
  triage:
    description: Triage an issue.
    arguments: [{name: id, required: true}, {name: tone}]
    messages:
      - {role: user, text: 'Triage issue {{ id }} in a {{tone}} tone.'}
      - {role: assistant, content: {type: text, text: Looking at it.}}
  summary:
    description: Summarise the week (built by a handler).
`;

describe('a manifest using everything', () => {
  it('declares the server, its tools and prompts, how to start it, and its settings', () => {
    const manifest = expectValid(generateProject(RICH));
    expect(manifest).toMatchObject({
      manifest_version: '0.3',
      name: 'tracker',
      display_name: 'Issue Tracker',
      version: '2.3.4-beta.1',
      description: 'Files and lists issues.',
      author: { name: 'Tracker Team', email: 'team@example.com', url: 'https://example.com' },
      homepage: 'https://tracker.example.com/docs',
      server: {
        mcp_config: {
          command: 'node',
          args: ['${__dirname}/dist/main.js', '--transport', 'stdio'],
          env: {
            LOG_LEVEL: '${user_config.LOG_LEVEL}',
            MCP_TOOLSETS: '${user_config.MCP_TOOLSETS}',
            OTEL_EXPORTER_OTLP_ENDPOINT: '${user_config.OTEL_EXPORTER_OTLP_ENDPOINT}',
            OTEL_SDK_DISABLED: '${user_config.OTEL_SDK_DISABLED}',
            TRACKER_TOKEN: '${user_config.TRACKER_TOKEN}',
            TRACKER_PROJECT: '${user_config.TRACKER_PROJECT}',
            TRACKER_LIMIT: '${user_config.TRACKER_LIMIT}',
          },
        },
      },
      tools: [
        { name: 'list_issues', description: 'Lists the open issues of the project.' },
        { name: 'delete_repo', description: 'Deletes the repository for good.' },
        { name: 'untitled' },
      ],
      prompts: [
        {
          name: 'triage',
          description: 'Triage an issue.',
          arguments: ['id', 'tone'],
          text: 'Triage issue ${arguments.id} in a ${arguments.tone} tone.\n\nLooking at it.',
        },
      ],
      prompts_generated: true,
      compatibility: { platforms: ['darwin', 'linux', 'win32'], runtimes: { node: '>=22' } },
    });
    const config = manifest.user_config as Record<string, Record<string, unknown>>;
    expect(config.TRACKER_TOKEN).toEqual({
      type: 'string',
      title: 'API token',
      description: "Token of the tracker's API",
      sensitive: true,
      required: true,
    });
    // Optional settings always have a default: a client leaves an unset one without it as the literal placeholder.
    expect(config.TRACKER_PROJECT).toMatchObject({ default: '' });
    expect(config.TRACKER_LIMIT).toMatchObject({ type: 'number', default: 20 });
    expect(config.LOG_LEVEL).toMatchObject({ title: 'Verbosity', default: 'warn' });
    expect(config.MCP_TOOLSETS.description).toContain('issues, admin');
    expect(config.OTEL_SDK_DISABLED).toMatchObject({ type: 'boolean', default: false });
    for (const [key, option] of Object.entries(config)) expect(option.required === true || 'default' in option, key).toBe(true);
    // MCPB wants icon files inside the bundle; a data: URI is not carried over (lint says so).
    expect(manifest).not.toHaveProperty('icon');
    expect(manifest).not.toHaveProperty('icons');
  });

  it('starts the server with the settings the client collected', async () => {
    const dir = generateProject(RICH);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    const base = { manifest, extensionPath: '/opt/tracker', systemDirs: {}, pathSeparator: '/' };
    // A required setting left empty: the client does not start the server.
    expect(await lib.getMcpConfigForManifest({ ...base, userConfig: {} })).toBeUndefined();
    const config = await lib.getMcpConfigForManifest({ ...base, userConfig: { TRACKER_TOKEN: 't0ken', OTEL_SDK_DISABLED: true } });
    expect(config).toEqual({
      command: 'node',
      args: ['/opt/tracker/dist/main.js', '--transport', 'stdio'],
      env: {
        LOG_LEVEL: 'warn',
        MCP_TOOLSETS: '',
        OTEL_EXPORTER_OTLP_ENDPOINT: '',
        OTEL_SDK_DISABLED: 'true',
        TRACKER_TOKEN: 't0ken',
        TRACKER_PROJECT: '',
        TRACKER_LIMIT: '20',
      },
    });
  });
});

describe('without stdio', () => {
  it('has no bundle: no manifest.json, script, ignore file or mcpb package', () => {
    const dir = generateProject('version: 1\nserver: {name: web, version: 1.0.0}\ntransports: {stdio: false, http: true}\n');
    for (const file of ['manifest.json', 'scripts/bundle.mjs', '.mcpbignore']) expect(existsSync(join(dir, file)), file).toBe(false);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    expect(pkg.scripts.bundle).toBeUndefined();
    expect(pkg.devDependencies['@anthropic-ai/mcpb']).toBeUndefined();
  });
});

describe('bad bundle settings', () => {
  it('rejects an environment variable name a shell cannot hold, and a malformed author e-mail', () => {
    const dir = tempDir();
    const base = 'version: 1\nserver: {name: s, version: 1.0.0}\n';
    for (const bundle of [
      "bundle: {env: {'MY-TOKEN': {title: T, description: D}}}",
      'bundle: {author: {name: A, email: not-an-address}}',
    ]) {
      expectRejected(dir, base + bundle);
    }
  });
});

function expectRejected(dir: string, manifest: string): void {
  const path = join(dir, 'mcp.yaml');
  writeFileSync(path, manifest);
  const r = runCli(['validate', '-m', path]);
  expect(r.code, manifest).toBe(1);
  expect(`${r.stdout}${r.stderr}`).toMatch(/bundle/);
  expect(`${r.stdout}${r.stderr}`).not.toMatch(/\n\s+at /);
}
