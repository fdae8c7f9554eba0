// Which runtime code and packages a generated project gets. Each feature the manifest can enable is one row: when it
// is on, which files of templates/runtime/ it copies (as src/generated/runtime/<file>.gen.ts), which packages the project
// then needs (by their key in templates/project/sdk-versions.json; `otel.api` is a nested key), and, for pieces of
// the HTTP server, the option of startHttp() the entry passes them as. Nothing outside this table decides what a
// project ships: add a feature by adding a row (and its files in templates/runtime/).

import type { TargetName } from '../core/index.js';

/** A key of templates/project/sdk-versions.json, dotted for nested ones. */
export type VersionKey = string;

export interface RuntimeFeature {
  /** Whether the manifest enables the feature. */
  when(m: FeatureInput): boolean;
  /** templates/runtime/<file>.ts, emitted at runtimeFilePath(file). */
  files: readonly string[];
  dependencies?: Readonly<Record<string, VersionKey>>;
  devDependencies?: Readonly<Record<string, VersionKey>>;
  /** A piece of the HTTP server: the entry loads `export` from `file` (default: the first file) and passes it as `option`. */
  httpPlugins?: readonly { option: string; export: string; file?: string }[];
}

/** What the rows look at: these fields of the server model (named here so that the model can hold the result). */
export interface FeatureInput {
  stdio: boolean;
  /** The manifest's resource templates. */
  templates: readonly unknown[];
  http: { auth: Readonly<Record<string, unknown>> | null; sse: object | null; websocket: object | null; serverCard?: object } | null;
  policies: boolean;
  completions: boolean;
  telemetry: boolean;
  tasks: boolean;
  toolsets: object | null;
  /** MCP Apps views and tools' `ui:` (ServerModel.apps). */
  apps: { views: readonly unknown[] } | null;
  scale: { store: string };
  /** Where the server runs (ServerModel.targets): the platforms' entries and their packages. */
  targets: readonly { name: TargetName }[];
}

/** templates/project/sdk-versions.json. */
export type Versions = Readonly<Record<string, unknown>>;

const OTEL = [
  'api',
  'context-async-hooks',
  'core',
  'exporter-metrics-otlp-http',
  'exporter-metrics-otlp-proto',
  'exporter-trace-otlp-http',
  'exporter-trace-otlp-proto',
  'resources',
  'sdk-metrics',
  'sdk-trace',
  'semantic-conventions',
];

const FEATURES = {
  // context.gen.ts is the handlers' API; adapters and layers the server's registration; cli and serve the process;
  // log, observe, notify, limits and scope are used by every transport.
  core: {
    when: () => true,
    files: [
      'adapters',
      'ask',
      'cli',
      'context',
      'layers',
      'limits',
      'listings',
      'log',
      'notify',
      'observe',
      'results',
      'scope',
      'serve',
      'shutdown',
    ],
    dependencies: { '@modelcontextprotocol/server': 'server', pino: 'pino' },
    devDependencies: { 'pino-pretty': 'pinoPretty' },
  },
  // The matcher of resource template URIs, for reads and subscriptions (mock mode compares the variables it gives).
  uriTemplates: { when: (m) => m.templates.length > 0, files: ['uri-template', 'uri-match'] },
  // json-schema-faker is loaded only when mock mode starts (a dev-time tool: `npm run mock`).
  mock: { when: () => true, files: ['mock', 'example-match'], devDependencies: { 'json-schema-faker': 'jsonSchemaFaker' } },
  // The MCP Bundle tooling: `npm run bundle` packs a stdio server into a .mcpb for desktop clients.
  // zod is the SDK's own (^4): declared so that npm puts it at the top of node_modules, where the SDK's packages share
  // one copy. Otherwise the bundle tooling's zod 3 takes that place, the SDK's packages each get a private zod 4, and
  // a stdio server held 20 MB more while reading an oversized line (test/e2e/transport-limits.test.ts).
  stdio: {
    when: (m) => m.stdio,
    files: ['stdio', 'batch'],
    dependencies: { zod: 'zod' },
    devDependencies: { '@anthropic-ai/mcpb': 'mcpb' },
  },
  // The HTTP request path on the web's Request and Response (fetch.gen.ts), which every HTTP server is an adapter
  // over; ipaddr.js groups IPv6 callers without credentials by network (caller.gen.ts).
  fetch: {
    when: (m) => m.http !== null,
    files: ['fetch', 'fetch-answers', 'fetch-body', 'fetch-sessions', 'host-guard', 'loopback', 'sessions', 'caller'],
    dependencies: { 'ipaddr.js': 'ipaddr' },
  },
  // Node's http server over it; proxy-addr reads X-Forwarded-For as Express does (transports.http.trustProxy).
  http: {
    when: (m) => m.http !== null,
    files: ['http', 'node-request'],
    dependencies: { 'proxy-addr': 'proxyAddr' },
    devDependencies: { '@types/proxy-addr': 'typesProxyAddr' },
  },
  // The platforms' entries (every target but node: src/generated/<target>.gen.ts) serve the same server on a fetch
  // handler, over the HTTP core alone: none of them loads the node files above (node:http, proxy-addr) or serve.gen.ts.
  platform: { when: (m) => m.http !== null && m.targets.some((t) => t.name !== 'node'), files: ['platform'] },
  // AWS Lambda: srvx turns API Gateway HTTP API and Function URL events into Requests and the answers into results.
  lambda: {
    when: (m) => m.http !== null && m.targets.some((t) => t.name === 'lambda'),
    files: [],
    dependencies: { srvx: 'srvx' },
    devDependencies: { '@types/aws-lambda': 'typesAwsLambda' },
  },
  // Vercel Functions: @vercel/functions' waitUntil keeps an instance running past its answer while a task's handler
  // works (the platform may stop it otherwise).
  vercel: {
    when: (m) => m.http !== null && m.targets.some((t) => t.name === 'vercel'),
    files: [],
    dependencies: { '@vercel/functions': 'vercelFunctions' },
  },
  auth: { when: (m) => !!m.http?.auth, files: ['auth'], httpPlugins: [{ option: 'createAuthenticator', export: 'createAuthenticator' }] },
  jwt: {
    when: (m) => !!m.http?.auth?.jwksUrl,
    files: ['jwt'],
    dependencies: { jose: 'jose' },
    httpPlugins: [{ option: 'jwtVerifier', export: 'jwtVerifier' }],
  },
  policy: { when: (m) => m.policies, files: ['policy', 'concurrency'] },
  sse: {
    when: (m) => !!m.http?.sse,
    files: ['sse'],
    dependencies: { '@modelcontextprotocol/server-legacy': 'serverLegacy' },
    httpPlugins: [{ option: 'sseEndpoint', export: 'sseEndpoint' }],
  },
  websocket: {
    when: (m) => !!m.http?.websocket,
    files: ['websocket', 'batch'],
    dependencies: { ws: 'ws' },
    devDependencies: { '@types/ws': 'typesWs' },
    httpPlugins: [{ option: 'webSocketEndpoint', export: 'webSocketEndpoint' }],
  },
  // The draft server card (SEP-2127) at <path>/server-card and /.well-known/mcp/server-card(.json).
  serverCard: {
    when: (m) => !!m.http?.serverCard,
    files: ['server-card'],
    httpPlugins: [{ option: 'serverCardEndpoint', export: 'serverCardEndpoint' }],
  },
  completions: { when: (m) => m.completions, files: ['completions'] },
  telemetry: {
    when: (m) => m.telemetry,
    files: ['instrument', 'telemetry'],
    dependencies: Object.fromEntries(OTEL.map((p) => [`@opentelemetry/${p}`, `otel.${camel(p)}`])),
  },
  tasks: { when: (m) => m.tasks, files: ['task-store', 'task-methods', 'tasks', 'concurrency'] },
  toolsets: { when: (m) => m.toolsets !== null, files: ['toolsets'] },
  // MCP Apps in the server (the manifest has views or a tool with `ui:`): the views' loading and the gating per client
  // (apps.gen.ts); ext-apps' server helpers register the tools and views, and its constants name the extension.
  apps: {
    when: (m) => !!m.apps,
    files: ['apps'],
    dependencies: { '@modelcontextprotocol/ext-apps': 'extApps' },
  },
  // MCP Apps views are the user's browser code (ui/<view>/), bundled by `npm run build:views` (scripts/build-views.mjs)
  // into one self-contained HTML file each: everything here is a build tool or bundled into the view. ext-apps' App is
  // the view's side of the protocol (the server lists ext-apps among its dependencies: the row above); zod ^4.2 is its
  // peer.
  views: {
    when: (m) => (m.apps?.views.length ?? 0) > 0,
    files: [],
    devDependencies: {
      '@modelcontextprotocol/ext-apps': 'extApps',
      vite: 'vite',
      'vite-plugin-singlefile': 'viteSingleFile',
      zod: 'zod',
    },
  },
  // The Redis client is loaded by the entry only when HTTP is served with scale.store redis.
  scaleRedis: {
    when: (m) => m.scale.store === 'redis' && m.http !== null,
    files: [
      'session-store',
      'session-news',
      'store',
      'store-bus',
      'store-input',
      'store-redis',
      'store-scripts',
      'store-setup',
      'concurrency',
    ],
    dependencies: { ioredis: 'ioredis' },
  },
  // With both, tasks live in the store like sessions: any replica answers them. The entry hands them to connectScale,
  // as it hands over the tool policies' counters (policy.gen.ts's sharePolicies) when the manifest has both.
  tasksRedis: {
    when: (m) => m.tasks && m.scale.store === 'redis' && m.http !== null,
    files: ['task-store-redis'],
  },
} satisfies Record<string, RuntimeFeature>;

export type FeatureName = keyof typeof FEATURES;

/**
 * Where a runtime file lands in the project. The runtime sits in src/generated/runtime/ so that src/generated/ shows
 * what this manifest made at a glance; context.gen.ts, the handlers' API, stays beside types.gen.ts because handler
 * files import it (`../../generated/context.gen.js`) and those files are the user's, never rewritten.
 */
export function runtimeFilePath(file: string): string {
  return file === 'context' ? 'src/generated/context.gen.ts' : `src/generated/runtime/${file}.gen.ts`;
}

/** Packages every project has, whatever it enables: the test client and the toolchain. */
const BASE_DEV_DEPENDENCIES: Readonly<Record<string, VersionKey>> = {
  '@modelcontextprotocol/client': 'client',
  '@types/node': 'typesNode',
  tsx: 'tsx',
  typescript: 'typescript',
  vitest: 'vitest',
};

export interface FeatureSet {
  /** Feature name -> on. */
  on: Record<FeatureName, boolean>;
  /** Runtime files to emit, each once, in table order, with the first feature that brought it. */
  files: { name: string; feature: FeatureName }[];
  /** HTTP server pieces the entry loads (only when HTTP is served) and passes to startHttp(). */
  httpPlugins: { option: string; file: string; export: string }[];
}

export function enabledFeatures(m: FeatureInput): FeatureSet {
  const on = {} as Record<FeatureName, boolean>;
  const files = new Map<string, FeatureName>();
  const httpPlugins: FeatureSet['httpPlugins'] = [];
  for (const [name, feature] of Object.entries(FEATURES) as [FeatureName, RuntimeFeature][]) {
    on[name] = feature.when(m);
    if (!on[name]) continue;
    for (const file of feature.files) if (!files.has(file)) files.set(file, name);
    for (const plugin of feature.httpPlugins ?? [])
      httpPlugins.push({ option: plugin.option, export: plugin.export, file: plugin.file ?? feature.files[0] });
  }
  return { on, files: [...files].map(([name, feature]) => ({ name, feature })), httpPlugins };
}

export type PackageLists = { dependencies: Record<string, string>; devDependencies: Record<string, string> };

/** The project's package pins: what its enabled features need, at the versions this mcp-gen was tested with. */
export function featurePackages(set: Pick<FeatureSet, 'on'>, versions: Versions): PackageLists {
  const pick = (keys: Readonly<Record<string, VersionKey>>, into: Record<string, string>) => {
    for (const [pkg, key] of Object.entries(keys)) into[pkg] = versionOf(versions, key);
  };
  const dependencies: Record<string, string> = {};
  const devDependencies: Record<string, string> = {};
  pick(BASE_DEV_DEPENDENCIES, devDependencies);
  for (const [name, feature] of Object.entries(FEATURES) as [FeatureName, RuntimeFeature][]) {
    if (!set.on[name]) continue;
    pick(feature.dependencies ?? {}, dependencies);
    pick(feature.devDependencies ?? {}, devDependencies);
  }
  // A package the server loads and a build tool also needs (zod: the stdio entry's and ext-apps' peer) is listed once,
  // where the server finds it in production.
  for (const pkg of Object.keys(dependencies)) delete devDependencies[pkg];
  return { dependencies: sorted(dependencies), devDependencies: sorted(devDependencies) };
}

/** Every package any feature may need: what the tests install once for all generated projects. */
export function allFeaturePackages(versions: Versions): PackageLists {
  const on = Object.fromEntries(Object.keys(FEATURES).map((n) => [n, true])) as Record<FeatureName, boolean>;
  return featurePackages({ on }, versions);
}

/** The names of every package mcp-gen may add to a project. */
export function knownPackages(versions: Versions): string[] {
  const all = allFeaturePackages(versions);
  return [...Object.keys(all.dependencies), ...Object.keys(all.devDependencies)];
}

/** Each feature's name, runtime files and packages, in table order: what docs/shipping.md lists (a test keeps the two equal). */
export function featureRows(): { name: FeatureName; files: string[]; packages: string[] }[] {
  return (Object.entries(FEATURES) as [FeatureName, RuntimeFeature][]).map(([name, f]) => ({
    name,
    files: [...f.files],
    packages: [...Object.keys(f.dependencies ?? {}), ...Object.keys(f.devDependencies ?? {})],
  }));
}

/** Every runtime file some feature emits, for checks that the table covers templates/runtime/. */
export function allRuntimeFiles(): string[] {
  return [...new Set(Object.values(FEATURES).flatMap((f) => f.files))].sort();
}

function versionOf(versions: Versions, key: VersionKey): string {
  const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], versions);
  if (typeof value !== 'string') throw new Error(`templates/project/sdk-versions.json has no version "${key}"`);
  return value;
}

function camel(name: string): string {
  return name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
}

function sorted(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
