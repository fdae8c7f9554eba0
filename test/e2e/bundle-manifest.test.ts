// manifest.json of the MCP Bundle: every checked-in one (golden trees, examples) and those of richer manifests pass
// the official validator (`mcpb validate`, and the package's strict schema of the version they declare), and say
// what the server is, how a client starts it and which settings it asks the user for.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { linkDeps } from '../support/generated-deps.js';
import { mcpb, type McpbLibrary, mcpbLibrary } from '../support/mcpb.js';
import { png } from '../support/png.js';
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
  icon: assets/icon.png
  icons: [{file: assets/icon-dark.png, theme: dark}, {file: ./assets/../assets/icon-16.png}]
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

/** A project folder holding the icons RICH names, generated from it. */
function richProject(): string {
  const dir = tempDir();
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'icon.png'), png(512, 512));
  writeFileSync(join(dir, 'assets', 'icon-dark.png'), png(256, 128, [10, 10, 10]));
  writeFileSync(join(dir, 'assets', 'icon-16.png'), png(16, 16));
  return generateProject(RICH, dir);
}

describe('a manifest using everything', () => {
  it('declares the server, its tools and prompts, how to start it, and its settings', () => {
    const manifest = expectValid(richProject());
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
    // The PNG files bundle.icon and bundle.icons name, by path from the bundle's root, each size read from the file;
    // server.icons (a data: URI) is not carried over.
    expect(manifest.icon).toBe('assets/icon.png');
    expect(manifest.icons).toEqual([
      { src: 'assets/icon-dark.png', size: '256x128', theme: 'dark' },
      { src: 'assets/icon-16.png', size: '16x16' },
    ]);
  });

  it('follows an edited icon on the next generate', () => {
    const dir = richProject();
    writeFileSync(join(dir, 'assets', 'icon-16.png'), png(32, 32));
    expect(runCli(['generate', '-m', join(dir, 'mcp.yaml'), '--no-check']).code).toBe(0);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    expect(manifest.icons[1]).toEqual({ src: 'assets/icon-16.png', size: '32x32' });
  });

  it('names icons from the project folder when it is not the manifest folder', () => {
    const root = tempDir();
    mkdirSync(join(root, 'spec', 'assets'), { recursive: true });
    writeFileSync(join(root, 'spec', 'assets', 'icon.png'), png(64, 64));
    writeFileSync(join(root, 'spec', 'mcp.yaml'), 'version: 1\nserver: {name: s, version: 1.0.0}\nbundle: {icon: assets/icon.png}\n');
    expect(runCli(['generate', '-m', join(root, 'spec', 'mcp.yaml'), '-o', root, '--no-check']).code).toBe(0);
    expect(JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8')).icon).toBe('spec/assets/icon.png');
    expectValid(root);
    // A project inside the manifest's folder cannot pack an icon beside the manifest: the bundle script says so.
    const inner = join(root, 'spec', 'server');
    expect(runCli(['generate', '-m', join(root, 'spec', 'mcp.yaml'), '-o', inner, '--no-check']).code).toBe(0);
    expect(JSON.parse(readFileSync(join(inner, 'manifest.json'), 'utf8')).icon).toBe('../assets/icon.png');
    linkDeps(inner);
    mkdirSync(join(inner, 'dist'));
    writeFileSync(join(inner, 'dist', 'main.js'), '');
    const r = spawnSync(process.execPath, ['scripts/bundle.mjs'], { cwd: inner, encoding: 'utf8' });
    expect({ status: r.status, stderr: r.stderr }).toEqual({
      status: 1,
      stderr: 'bundle: the icon ../assets/icon.png is outside the project folder: move it into the project (bundle.icon in mcp.yaml)\n',
    });
  });

  it('starts the server with the settings the client collected', async () => {
    const dir = richProject();
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
  it('rejects an environment variable name a shell cannot hold, a malformed author e-mail, and icons that are no PNG file', () => {
    const dir = tempDir();
    const base = 'version: 1\nserver: {name: s, version: 1.0.0}\n';
    for (const bundle of [
      "bundle: {env: {'MY-TOKEN': {title: T, description: D}}}",
      'bundle: {author: {name: A, email: not-an-address}}',
      'bundle: {icon: mcp.yaml}',
      'bundle: {icons: [{file: missing.png}]}',
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
