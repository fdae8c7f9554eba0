// The feature table decides which runtime files and packages a project gets. Whatever the manifest enables, every
// file the project gets must find the files it imports and the packages it loads among what the table gave it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  allFeaturePackages,
  allRuntimeFiles,
  enabledFeatures,
  featurePackages,
  type FeatureInput,
} from '../../../generator/model/runtime-features.js';
import { ROOT } from '../../support/project.js';

const RUNTIME = join(ROOT, 'templates', 'runtime');
const sdk = JSON.parse(readFileSync(join(ROOT, 'templates', 'project', 'sdk-versions.json'), 'utf8'));

const sources = new Map<string, string>();
function source(file: string): string {
  let text = sources.get(file);
  if (text === undefined) sources.set(file, (text = readFileSync(join(RUNTIME, `${file}.ts`), 'utf8')));
  return text;
}

/** `./x.gen.js` imports (static and dynamic, type-only included: the file must exist to compile). */
function localImports(file: string): string[] {
  return [...source(file).matchAll(/(?:from\s+|import\s*\(\s*)'\.\/([\w-]+)\.gen\.js'/g)].map((m) => m[1]);
}

/** Packages a file loads, by package name (`@scope/name/sub` -> `@scope/name`); node: built-ins left out. */
function packageImports(file: string): string[] {
  const specs = [...source(file).matchAll(/(?:from\s+|import\s*\(\s*)'([^.'][^']*)'/g)].map((m) => m[1]);
  return specs
    .filter((s) => !s.startsWith('node:'))
    .map((s) =>
      s
        .split('/')
        .slice(0, s.startsWith('@') ? 2 : 1)
        .join('/'),
    );
}

const FLAGS = [
  'stdio',
  'http',
  'auth',
  'jwks',
  'sse',
  'websocket',
  'policies',
  'completions',
  'telemetry',
  'tasks',
  'toolsets',
  'redis',
  'templates',
  'apps',
  'platforms',
] as const;
type Flags = Record<(typeof FLAGS)[number], boolean>;

/** The fields the table looks at; the rest of the model plays no part in it. */
function input(f: Flags): FeatureInput {
  const http = f.http
    ? {
        auth: f.auth ? { type: 'oauth', jwksUrl: f.jwks ? 'https://as.example/jwks' : null } : null,
        sse: f.sse ? { path: '/sse', messagesPath: '/messages' } : null,
        websocket: f.websocket ? { path: '/ws' } : null,
      }
    : null;
  return {
    stdio: f.stdio,
    templates: f.templates ? [{}] : [],
    http,
    policies: f.policies,
    completions: f.completions,
    telemetry: f.telemetry,
    tasks: f.tasks,
    toolsets: f.toolsets ? {} : null,
    scale: { store: f.redis ? 'redis' : 'memory' },
    apps: f.apps ? { views: [{}] } : null,
    // With platforms: every target, whose entries load platform.gen.ts (and lambda's srvx).
    targets: (f.platforms ? ['node', 'deno', 'bun', 'workers', 'vercel', 'lambda'] : ['node']).map((name) => ({ name })),
  } as unknown as FeatureInput;
}

const combinations: Flags[] = Array.from(
  { length: 2 ** FLAGS.length },
  (_, n) => Object.fromEntries(FLAGS.map((k, i) => [k, ((n >> i) & 1) === 1])) as Flags,
);

describe('runtime features', () => {
  it('covers every file of templates/runtime/', () => {
    const files = readdirSync(RUNTIME)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => f.slice(0, -3))
      .sort();
    expect(allRuntimeFiles()).toEqual(files);
  });

  it('gives every emitted runtime file the files it imports and the packages it loads, in every combination', () => {
    const runtimeFiles = new Set(allRuntimeFiles());
    const imports = new Map(allRuntimeFiles().map((f) => [f, { local: localImports(f), packages: packageImports(f) }]));
    const missing: string[] = [];
    for (const flags of combinations) {
      const set = enabledFeatures(input(flags));
      const emitted = new Set(set.files.map((f) => f.name));
      const packages = featurePackages(set, sdk);
      const installed = new Set([...Object.keys(packages.dependencies), ...Object.keys(packages.devDependencies)]);
      for (const file of emitted) {
        for (const dep of imports.get(file)?.local ?? []) {
          // definitions, examples, types...: the templated files, emitted in every project.
          if (!runtimeFiles.has(dep)) continue;
          if (!emitted.has(dep)) missing.push(`${file}.gen.ts imports ${dep}.gen.js (${JSON.stringify(flags)})`);
        }
        for (const pkg of imports.get(file)?.packages ?? [])
          if (!installed.has(pkg)) missing.push(`${file}.gen.ts loads ${pkg} (${JSON.stringify(flags)})`);
      }
      for (const plugin of set.httpPlugins) {
        if (!emitted.has(plugin.file)) missing.push(`plugin ${plugin.option} needs ${plugin.file}.gen.ts`);
        if (!new RegExp(`export (async )?function ${plugin.export}\\b`).test(source(plugin.file)))
          missing.push(`${plugin.file}.ts exports no ${plugin.export}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('emits the URI template matcher only for a manifest with resource templates', () => {
    const off = Object.fromEntries(FLAGS.map((k) => [k, false])) as Flags;
    const files = (flags: Flags) => enabledFeatures(input(flags)).files.map((f) => f.name);
    expect(files({ ...off, stdio: true, http: true })).not.toContain('uri-match');
    expect(files({ ...off, stdio: true, http: true })).not.toContain('uri-template');
    expect(files({ ...off, stdio: true, templates: true })).toEqual(expect.arrayContaining(['uri-match', 'uri-template']));
  });

  it('adds packages only with the features that use them', () => {
    const off = Object.fromEntries(FLAGS.map((k) => [k, false])) as Flags;
    const stdioOnly = featurePackages(enabledFeatures(input({ ...off, stdio: true })), sdk);
    expect(Object.keys(stdioOnly.dependencies).sort()).toEqual(['@modelcontextprotocol/server', 'pino', 'zod']);
    expect(stdioOnly.devDependencies).toHaveProperty('json-schema-faker', sdk.jsonSchemaFaker);
    const http = featurePackages(enabledFeatures(input({ ...off, http: true, auth: true })), sdk);
    expect(Object.keys(http.dependencies).sort()).toEqual(['@modelcontextprotocol/server', 'ipaddr.js', 'pino', 'proxy-addr']);
    // MCP Apps: the server loads ext-apps' helpers, the views' build brings vite.
    const apps = featurePackages(enabledFeatures(input({ ...off, stdio: true, apps: true })), sdk);
    expect(apps.dependencies).toHaveProperty('@modelcontextprotocol/ext-apps', sdk.extApps);
    expect(apps.devDependencies).not.toHaveProperty('@modelcontextprotocol/ext-apps');
    expect(apps.devDependencies).toHaveProperty('vite', sdk.vite);
    expect(http.devDependencies).toHaveProperty('@types/proxy-addr', sdk.typesProxyAddr);
    const jwks = featurePackages(enabledFeatures(input({ ...off, http: true, auth: true, jwks: true, sse: true, websocket: true })), sdk);
    expect(jwks.dependencies).toMatchObject({ jose: sdk.jose, ws: sdk.ws, '@modelcontextprotocol/server-legacy': sdk.serverLegacy });
    expect(jwks.devDependencies).toHaveProperty('@types/ws', sdk.typesWs);
    const otel = featurePackages(enabledFeatures(input({ ...off, stdio: true, telemetry: true })), sdk);
    expect(Object.keys(otel.dependencies).filter((p) => p.startsWith('@opentelemetry/'))).toHaveLength(11);
    // The shared install of the tests: everything any feature may need.
    expect(Object.keys(allFeaturePackages(sdk).dependencies)).toEqual(expect.arrayContaining(['jose', 'ws', '@opentelemetry/api']));
  });
});
