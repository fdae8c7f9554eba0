// `npm run bundle` for real: a generated stdio server is built and packed into a .mcpb by the official tooling, the
// archive is unpacked by `mcpb unpack`, and the server is started exactly as its manifest.json tells a desktop
// client (the package's own getMcpConfigForManifest substitutes ${__dirname} and the user's settings), then driven
// over stdio by a real MCP client. The production install inside the bundle comes from the npm cache the shared
// install of generated projects' packages filled (prefer-offline), so no download is needed.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { beforeAll, describe, expect, it } from 'vitest';
import { linkDeps } from '../support/generated-deps.js';
import { mcpb, mcpbLibrary } from '../support/mcpb.js';
import { png } from '../support/png.js';
import { generateProject, tempDir } from '../support/project.js';

const MANIFEST = `version: 1
server: {name: '@acme/notes', version: 1.2.3, title: Notes, description: Keeps notes.}
transports: {http: false}
bundle:
  author: {name: Acme}
  icon: assets/icon.png
  env:
    NOTES_TOKEN: {title: Token, description: Token of the notes service, sensitive: true, required: true}
    NOTES_FOLDER: {title: Folder, description: Where notes live}
tools:
  whoami:
    description: Says which token and folder the server was started with.
    outputSchema:
      type: object
      properties: {token: {type: string}, folder: {type: string}}
      required: [token, folder]
`;

const HANDLER = `import type { ToolHandler } from '../../generated/types.gen.js';
import { structured } from '../../generated/context.gen.js';

export const whoami: ToolHandler<'whoami'> = async () =>
  structured({ token: process.env.NOTES_TOKEN ?? '(unset)', folder: process.env.NOTES_FOLDER ?? '(unset)' });
`;

const SHARED = 'export const shared = 1;\n';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(join(dir, f)).isFile())
    .map((f) => f.split('\\').join('/'));
}

let project: string;
let unpacked: string;
let bundleMs: number;
let bundleBytes: number;

beforeAll(() => {
  project = tempDir();
  mkdirSync(join(project, 'assets'));
  writeFileSync(join(project, 'assets', 'icon.png'), png(512, 512));
  generateProject(MANIFEST, project);
  writeFileSync(join(project, 'src', 'handlers', 'tools', 'whoami.ts'), HANDLER);
  // A link in dist/ to a file elsewhere in the project: packed as the file it names.
  writeFileSync(join(project, 'assets', 'shared.js'), SHARED);
  mkdirSync(join(project, 'dist'));
  symlinkSync(join('..', 'assets', 'shared.js'), join(project, 'dist', 'shared.js'));
  linkDeps(project);
  const started = performance.now();
  execFileSync('npm', ['run', 'bundle'], {
    cwd: project,
    stdio: 'pipe',
    env: { ...process.env, npm_config_prefer_offline: 'true', npm_config_update_notifier: 'false' },
  });
  bundleMs = performance.now() - started;
  const archive = join(project, 'notes-1.2.3.mcpb');
  bundleBytes = statSync(archive).size;
  unpacked = tempDir('mcp-gen-unpacked-');
  expect(mcpb(['unpack', archive, unpacked]).code).toBe(0);
}, 300_000);

describe('npm run bundle', () => {
  it('packs the built server and its production dependencies, and nothing of development', () => {
    const files = filesUnder(unpacked);
    console.info(`npm run bundle: ${Math.round(bundleMs)} ms, .mcpb ${(bundleBytes / 1024 / 1024).toFixed(1)} MB, ${files.length} files`);
    expect(files).toContain('manifest.json');
    expect(files).toContain('dist/main.js');
    expect(files).toContain('node_modules/@modelcontextprotocol/server/package.json');
    expect(files).toContain('node_modules/pino/package.json');
    // The icon, byte for byte; no sources, tests, TypeScript, lockfiles or scripts of the project.
    expect(readFileSync(join(unpacked, 'assets', 'icon.png')).equals(readFileSync(join(project, 'assets', 'icon.png')))).toBe(true);
    expect(
      files.filter(
        (f) => !f.startsWith('node_modules/') && !/^(dist\/.*\.js|manifest\.json|package\.json|README\.md|assets\/icon\.png)$/.test(f),
      ),
    ).toEqual([]);
    const pkg = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'));
    const devOnly = Object.keys(pkg.devDependencies);
    expect(devOnly).toContain('@anthropic-ai/mcpb');
    for (const dev of devOnly) expect(existsSync(join(unpacked, 'node_modules', dev)), dev).toBe(false);
    const shipped = JSON.parse(readFileSync(join(unpacked, 'package.json'), 'utf8'));
    expect(shipped).toMatchObject({ type: 'module', dependencies: pkg.dependencies });
    expect(shipped).not.toHaveProperty('devDependencies');
    expect(readFileSync(join(unpacked, 'manifest.json'), 'utf8')).toBe(readFileSync(join(project, 'manifest.json'), 'utf8'));
    expect(lstatSync(join(unpacked, 'dist', 'shared.js')).isFile()).toBe(true);
    expect(readFileSync(join(unpacked, 'dist', 'shared.js'), 'utf8')).toBe(SHARED);
  });

  it('starts as manifest.json says, with the settings the user gave, and serves a real client over stdio', async () => {
    const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8'));
    const lib = await mcpbLibrary();
    const config = await lib.getMcpConfigForManifest({
      manifest,
      extensionPath: unpacked,
      systemDirs: {},
      userConfig: { NOTES_TOKEN: 'tok-123' },
      pathSeparator: '/',
    });
    expect(config).toMatchObject({ command: 'node', args: [join(unpacked, 'dist', 'main.js'), '--transport', 'stdio'] });
    // Started elsewhere than the bundle, as a desktop client would: nothing may depend on the working directory.
    const client = new Client({ name: 'bundle-e2e', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({ command: config!.command, args: config!.args, env: config!.env, cwd: tempDir(), stderr: 'pipe' }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => ({ name: t.name, description: t.description }))).toEqual(manifest.tools);
      const result = await client.callTool({ name: 'whoami', arguments: {} });
      expect(result.isError ?? false).toBe(false);
      expect(result.structuredContent).toEqual({ token: 'tok-123', folder: '' });
    } finally {
      await client.close();
    }
  });

  it('writes the archive beside package.json, named after the package', () => {
    expect(readdirSync(project).filter((f) => f.endsWith('.mcpb'))).toEqual(['notes-1.2.3.mcpb']);
  });

  it('stops before packing when the icon manifest.json names is missing or a link to outside, and leaves the archive as it was', () => {
    const archive = readFileSync(join(project, 'notes-1.2.3.mcpb'));
    renameSync(join(project, 'assets', 'icon.png'), join(project, 'assets', 'moved.png'));
    try {
      const r = spawnSync(process.execPath, ['scripts/bundle.mjs'], { cwd: project, encoding: 'utf8' });
      expect(r.status).toBe(1);
      expect(r.stderr).toBe('bundle: the icon assets/icon.png is missing (bundle.icon in mcp.yaml)\n');
      expect(readFileSync(join(project, 'notes-1.2.3.mcpb')).equals(archive)).toBe(true);
      // A link planted in its place, to a file outside the project, is refused by its real path: nothing is packed.
      const secret = join(tempDir('mcp-gen-outside-'), 'id_rsa');
      writeFileSync(secret, 'PRIVATE KEY');
      symlinkSync(secret, join(project, 'assets', 'icon.png'));
      const linked = spawnSync(process.execPath, ['scripts/bundle.mjs'], { cwd: project, encoding: 'utf8' });
      expect({ status: linked.status, stderr: linked.stderr }).toEqual({
        status: 1,
        stderr:
          'bundle: the icon assets/icon.png is a link to a file outside the project folder: put the file itself in the project (bundle.icon in mcp.yaml)\n',
      });
      expect(readFileSync(join(project, 'notes-1.2.3.mcpb')).equals(archive)).toBe(true);
    } finally {
      rmSync(join(project, 'assets', 'icon.png'), { force: true });
      renameSync(join(project, 'assets', 'moved.png'), join(project, 'assets', 'icon.png'));
    }
  });

  it.each([
    { name: 'a link in dist/ to a file outside', plant: 'dist/leak.txt', to: 'secret', want: 'dist/leak.txt is a link to SECRET' },
    { name: 'a link in dist/ to a folder outside', plant: 'dist/keys', to: 'away', want: 'dist/keys is a link to AWAY' },
    {
      name: 'a link out, reached through a link that stays inside',
      plant: 'assets/out.txt',
      to: 'secret',
      also: ['dist/assets', '../assets'],
      want: 'dist/assets/out.txt is a link to SECRET',
    },
    { name: 'README.md linked out, at the root', plant: 'README.md', to: 'secret', want: 'README.md is a link to SECRET' },
    { name: 'LICENSE linked out, at the root', plant: 'LICENSE', to: 'secret', want: 'LICENSE is a link to SECRET' },
  ])('refuses $name: names it, packs nothing, leaves the archive as it was', ({ plant, to, also, want }) => {
    const archive = readFileSync(join(project, 'notes-1.2.3.mcpb'));
    const away = tempDir('mcp-gen-outside-');
    const secret = join(away, 'id_rsa');
    writeFileSync(secret, 'PRIVATE KEY');
    const saved = join(tempDir('mcp-gen-saved-'), 'saved');
    if (existsSync(join(project, plant))) renameSync(join(project, plant), saved);
    symlinkSync(to === 'secret' ? secret : away, join(project, plant));
    if (also) symlinkSync(also[1], join(project, also[0]));
    try {
      const r = spawnSync(process.execPath, ['scripts/bundle.mjs'], { cwd: project, encoding: 'utf8', timeout: 60_000 });
      expect({ status: r.status, stderr: r.stderr }).toEqual({
        status: 1,
        stderr: `bundle: ${want.replace('SECRET', secret).replace('AWAY', away)}, outside the project folder: nothing was packed (put the file itself in the project, or remove the link)\n`,
      });
      expect(readFileSync(join(project, 'notes-1.2.3.mcpb')).equals(archive)).toBe(true);
      expect(readdirSync(away).sort()).toEqual(['id_rsa']);
    } finally {
      rmSync(join(project, plant));
      if (also) rmSync(join(project, also[0]));
      if (existsSync(saved)) renameSync(saved, join(project, plant));
    }
  });

  it.each([
    {
      name: 'a pipe in dist/',
      plant: () => execFileSync('mkfifo', [join(project, 'dist', 'pipe')]),
      path: 'dist/pipe',
      want: 'dist/pipe is not a regular file (a pipe, socket or device)',
    },
    {
      name: 'a link in dist/ to dist/ itself',
      plant: () => symlinkSync('.', join(project, 'dist', 'loop')),
      path: 'dist/loop',
      want: 'dist/loop is a link to a folder that contains it (a loop)',
    },
  ])('refuses $name without blocking or looping', ({ plant, path, want }) => {
    plant();
    try {
      const r = spawnSync(process.execPath, ['scripts/bundle.mjs'], { cwd: project, encoding: 'utf8', timeout: 60_000 });
      expect({ status: r.status, signal: r.signal, stderr: r.stderr }).toEqual({
        status: 1,
        signal: null,
        stderr: `bundle: ${want}: nothing was packed (put the file itself in the project, or remove the link)\n`,
      });
    } finally {
      rmSync(join(project, path));
    }
  });
});
