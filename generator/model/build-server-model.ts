import { readFileSync } from 'node:fs';
import { join, posix, relative, resolve } from 'node:path';
import { authModel, policyLiteral } from './auth-model.js';
import { packageRoot } from '../core/index.js';
import { completionHandler, completionModels, inlineResourceContent, messageModels } from './content-model.js';
import { buildExamplesModel } from './examples-model.js';
import { inputDefaultsModel } from './input-defaults.js';
import { appsModel, toolUiModel } from './apps-model.js';
import { toolsetsModel } from './toolsets-model.js';
import { viewsModel } from './views-model.js';
import { targetsModel } from './targets-model.js';
import { serverEnv } from './server-env.js';
import { printSchemaTypes, type NamedSchema } from './schema-types.js';
import { commentText, jsLiteral, stringLiteral } from './js-literal.js';
import type { HttpTransport, JsonSchema, Manifest, SseTransport, WebSocketTransport } from '../core/index.js';
import {
  appUris,
  entriesOf,
  HANDLER_DIRS,
  HTTP_DEFAULTS,
  KIND_INFO,
  SSE_DEFAULTS,
  stdioServed,
  WEBSOCKET_DEFAULTS,
  type EntryKind,
} from '../core/index.js';
import { camelCase, fileBase, pascalCase } from '../core/index.js';
import {
  DEFAULT_INPUT_SCHEMA,
  promptArgsSchema,
  publishedPrompt,
  publishedResource,
  publishedResourceTemplate,
  publishedServerInfo,
  publishedTool,
} from '../core/index.js';
import { isObject } from '../core/index.js';
import type { EntryModel, HttpModel, Json, PromptModel, ResourceModel, ServerModel, TemplateModel, ToolModel } from './server-model.js';
import { parseUriTemplate } from '../core/index.js';
import { enabledFeatures, featurePackages } from './runtime-features.js';
import { bundleManifest, NODE_ENGINES } from './bundle-model.js';
import { registryModel, serverCardModel } from './registry-model.js';
import { adapterCall, importSpecifier, localNames, promptConfig, readConfig, toolRegistration } from './registration.js';

/** The SDK versions generated projects pin: tested together with this generator. */
export function sdkVersions(): ServerModel['sdk'] {
  return JSON.parse(readFileSync(join(packageRoot(), 'templates', 'project', 'sdk-versions.json'), 'utf8'));
}

/** This mcp-gen's version, from its package.json. */
function generatorVersion(): string {
  return JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')).version;
}

export interface ModelOptions {
  manifestPath: string;
  outDir: string;
}

export async function buildServerModel(m: Manifest, opts: ModelOptions): Promise<ServerModel> {
  const shared = (isObject(m.definitions) ? m.definitions : {}) as Record<string, JsonSchema>;
  const uris = appUris(m);
  const tools = entriesOf(m, 'tools').map(([name, t]): ToolModel => {
    const pascal = pascalCase(name);
    const outputType = t.outputSchema !== undefined ? `${pascal}Output` : null;
    const ui = toolUiModel(t, uris);
    const published = publishedTool(name, t, shared, ui?.meta);
    const base = entry('tools', name, t.description ?? t.title, published, true);
    return {
      ...base,
      inputType: `${pascal}Input`,
      ...inputDefaultsModel(published.inputSchema, `${pascal}Input`),
      outputType,
      outputTypeExpr: outputType ?? 'undefined',
      inputSchemaConst: `${lowerFirst(pascal)}InputSchema`,
      outputSchemaConst: outputType ? `${lowerFirst(pascal)}OutputSchema` : null,
      policyJson: policyLiteral(t.policy),
      scopeChallenge: (t.policy?.scopes?.length ?? 0) > 0,
      taskSupport: t.execution?.taskSupport === 'optional' || t.execution?.taskSupport === 'required' ? t.execution.taskSupport : null,
      ui,
      appTool: false,
    };
  });
  const resources = entriesOf(m, 'resources').map(([name, r]): ResourceModel => {
    const inlineContent = inlineResourceContent(r, opts.manifestPath);
    return {
      ...entry('resources', name, r.description ?? r.title, publishedResource(name, r), inlineContent === null),
      inlineContent,
      uriLiteral: stringLiteral(r.uri),
      mimeTypeProperty: r.mimeType === undefined ? '' : `mimeType: ${stringLiteral(r.mimeType)}, `,
    };
  });
  const templates = entriesOf(m, 'resourceTemplates').map(([name, t]): TemplateModel => {
    const variablesType = `${pascalCase(name)}Variables`;
    const complete = t.complete ?? {};
    return {
      ...entry('resourceTemplates', name, t.description ?? t.title, publishedResourceTemplate(name, t), true),
      variablesType,
      variablesTypeRef: `T.${variablesType}`,
      uriTemplateLiteral: stringLiteral(t.uriTemplate),
      completions: completionModels(complete),
      completionHandler: completionHandler('resource-templates', name, complete, variablesType),
      variablesBody: objectType(
        parseUriTemplate(t.uriTemplate).variables.map((v) => ({
          key: v.name,
          // What the runtime's matcher (uri-template.gen.ts) gives: query variables ({?q}, {&q}) only when the URI
          // has them, exploded ones ({/path*}) always as a list, the rest as one decoded string.
          optional: v.operator === '?' || v.operator === '&',
          type: v.explode ? 'string[]' : 'string',
        })),
      ),
    };
  });
  const prompts = entriesOf(m, 'prompts').map(([name, p]): PromptModel => {
    const argsSchema = promptArgsSchema(p);
    const complete = Object.fromEntries((p.arguments ?? []).map((a) => [a.name, a.complete]));
    return {
      ...entry('prompts', name, p.description ?? p.title, publishedPrompt(name, p), p.messages === undefined),
      argsType: `${pascalCase(name)}Args`,
      argsBody: objectType((p.arguments ?? []).map((a) => ({ key: a.name, optional: a.required !== true, type: 'string' }))),
      argsSchemaConst: argsSchema ? `${lowerFirst(pascalCase(name))}ArgsSchema` : null,
      argsSchemaJson: argsSchema ? jsLiteral(argsSchema) : null,
      messages: messageModels(p, opts.manifestPath),
      completions: completionModels(complete),
      completionHandler: completionHandler('prompts', name, complete, `${pascalCase(name)}Args`),
    };
  });

  withRegistrations(tools, resources, templates, prompts);

  const named: NamedSchema[] = [];
  for (const [name, t] of entriesOf(m, 'tools')) {
    named.push({ typeName: `${pascalCase(name)}Input`, schema: t.inputSchema ?? DEFAULT_INPUT_SCHEMA });
    if (t.outputSchema !== undefined) named.push({ typeName: `${pascalCase(name)}Output`, schema: t.outputSchema });
  }

  const stdio = stdioServed(m);
  const http = m.transports?.http;
  const httpOptions: HttpTransport = isObject(http) ? (http as HttpTransport) : {};
  const subscribe = m.capabilities?.resources?.subscribe === true;
  const completions = templates.some((t) => t.completions.length > 0) || prompts.some((p) => p.completions.length > 0);
  // logging is always on; completions are registered with their handler (installCompletions).
  const serverOptions: Json = { capabilities: { logging: {}, ...m.capabilities } };
  if (m.server.instructions !== undefined) serverOptions.instructions = m.server.instructions;
  const source = relative(resolve(opts.outDir), resolve(opts.manifestPath)).split('\\').join('/');

  const toolsets = toolsetsModel(m);
  const apps = appsModel(m);
  const model: Omit<ServerModel, 'features' | 'packages'> = {
    source: commentText(posix.normalize(source), 500),
    header: `// Code generated by mcp-gen. DO NOT EDIT.\n// source: ${commentText(posix.normalize(source), 500)}\n`,
    packageName: npmName(m.server.name),
    serverName: m.server.name,
    serverVersion: m.server.version,
    serverTitle: m.server.title ?? m.server.name,
    description: m.server.description ?? '',
    serverInfo: publishedServerInfo(m),
    serverOptions,
    defaultTransport: stdio ? 'stdio' : 'http',
    stdio,
    targets: targetsModel(m),
    platformSecrets: [
      ...serverEnv({ m, stdio: false, http: http === false ? null : httpOptions, toolsetList: '' })
        .filter((v) => v.isSecret)
        .map((v) => v.name),
      ...Object.keys(m.bundle?.env ?? {}),
    ],
    http:
      http === false
        ? null
        : {
            host: httpOptions.host ?? HTTP_DEFAULTS.host,
            port: httpOptions.port ?? HTTP_DEFAULTS.port,
            path: httpOptions.path ?? HTTP_DEFAULTS.path,
            allowedHosts: httpOptions.allowedHosts ?? null,
            allowedOrigins: httpOptions.allowedOrigins ?? null,
            mode: httpOptions.mode ?? HTTP_DEFAULTS.mode,
            sse: sseModel(m.transports?.sse),
            websocket: webSocketModel(m.transports?.websocket),
            maxBodyBytes: httpOptions.maxBodyBytes ?? HTTP_DEFAULTS.maxBodyBytes,
            headersTimeoutMs: httpOptions.headersTimeoutMs ?? HTTP_DEFAULTS.headersTimeoutMs,
            requestTimeoutMs: httpOptions.requestTimeoutMs ?? HTTP_DEFAULTS.requestTimeoutMs,
            keepAliveTimeoutMs: httpOptions.keepAliveTimeoutMs ?? HTTP_DEFAULTS.keepAliveTimeoutMs,
            // Left out when unset: the runtime's LIMITS (src/generated/runtime/limits.gen.ts) hold their defaults.
            sessionIdleTimeoutMs: httpOptions.sessionIdleTimeoutMs,
            maxSessionsPerPrincipal: httpOptions.maxSessionsPerPrincipal,
            maxRequestsInFlight: httpOptions.maxRequestsInFlight,
            maxConcurrentRequests: httpOptions.maxConcurrentRequests,
            maxPrincipalShare: httpOptions.maxPrincipalShare,
            trustProxy: httpOptions.trustProxy,
            auth: authModel(m),
            ...withServerCard(serverCardModel(m)),
          },
    tools,
    resources,
    templates,
    prompts,
    subscribe,
    maxSubscriptionsLiteral:
      isObject(http) && httpOptions.maxSubscriptionsPerSession !== undefined ? String(httpOptions.maxSubscriptionsPerSession) : 'undefined',
    completions,
    policies: tools.some((t) => t.policyJson !== null),
    telemetry: m.telemetry?.otel === true,
    trustClientSampling: m.telemetry?.trustClientSampling === true,
    tasks: tools.some((t) => t.taskSupport !== null),
    toolsets,
    apps,
    views: viewsModel(m, apps),
    scale: {
      store: m.scale?.store ?? 'memory',
      sessionTtlMs: m.scale?.sessionTtlMs ?? 1_800_000,
      eventRetention: m.scale?.eventRetention ?? 1000,
      maxSessionsPerPrincipal: m.scale?.maxSessionsPerPrincipal ?? 100,
    },
    deploy:
      m.deploy && (m.deploy.compose || m.deploy.kubernetes)
        ? { compose: m.deploy.compose === true, kubernetes: m.deploy.kubernetes === true, replicas: m.deploy.replicas ?? 3 }
        : null,
    bundleManifestJson: null,
    nodeEngines: NODE_ENGINES,
    schemaTypes: printSchemaTypes(named, shared),
    ...buildExamplesModel(m),
    registry: registryModel(m, npmName(m.server.name), toolsets?.usageList),
    sdk: sdkVersions(),
    generatorVersion: generatorVersion(),
  };
  model.bundleManifestJson = bundleManifest(m, model, opts);
  const features = enabledFeatures(model);
  return { ...model, features, packages: featurePackages(features, model.sdk) };
}

function entry(kind: EntryKind, name: string, about: string | undefined, published: Json, hasHandler: boolean): EntryModel {
  const pascal = pascalCase(name);
  const dir = HANDLER_DIRS[kind];
  const base = fileBase(name);
  return {
    name,
    nameLiteral: stringLiteral(name),
    keyLiteral: name === '__proto__' ? `[${stringLiteral(name)}]` : stringLiteral(name),
    ident: camelCase(name),
    alias: KIND_INFO[kind].prefix + pascal.replace(/^_/, ''),
    handlerFile: `src/handlers/${dir}/${base}.ts`,
    handlerImport: `../handlers/${dir}/${base}.js`,
    defConst: lowerFirst(pascal) + KIND_INFO[kind].word,
    published,
    summary: commentText(about ? `${JSON.stringify(name)}: ${about}` : JSON.stringify(name)),
    hasHandler,
    // Set by withRegistrations, which sees every entry.
    local: '',
    importSpecifier: '',
    config: '',
    adapterCall: '',
  };
}

/** Fills in what server.gen.ts writes for each entry: its handler's local name, registration and adapter call. */
function withRegistrations(tools: ToolModel[], resources: ResourceModel[], templates: TemplateModel[], prompts: PromptModel[]): void {
  const handlers: EntryModel[] = [...tools, ...resources, ...templates, ...prompts].filter((e) => e.hasHandler);
  const completers = [...templates, ...prompts].flatMap((e) => (e.completionHandler ? [e.completionHandler] : []));
  const locals = localNames([...handlers, ...completers]);
  for (const h of [...handlers, ...completers]) {
    h.local = locals.get(h) ?? h.alias;
    h.importSpecifier = importSpecifier(h, h.local);
  }
  for (const t of tools) Object.assign(t, toolRegistration(t, t.local));
  for (const r of resources) {
    r.config = readConfig(r);
    if (r.hasHandler) r.adapterCall = adapterCall('resource', r, r.local);
  }
  for (const t of templates) {
    t.config = readConfig(t);
    t.adapterCall = adapterCall('template', t, t.local);
  }
  for (const p of prompts) {
    p.config = promptConfig(p);
    if (p.hasHandler) p.adapterCall = adapterCall('prompt', p, p.local);
  }
}

/** The card only when there is one: projects without it keep the entry they had. */
function withServerCard(card: Json | null): { serverCard?: Json } {
  return card ? { serverCard: card } : {};
}

function sseModel(sse: boolean | SseTransport | undefined): { path: string; messagesPath: string } | null {
  if (sse === undefined || sse === false) return null;
  const o = isObject(sse) ? (sse as SseTransport) : {};
  return { path: o.path ?? SSE_DEFAULTS.path, messagesPath: o.messagesPath ?? SSE_DEFAULTS.messagesPath };
}

function webSocketModel(ws: boolean | WebSocketTransport | undefined): HttpModel['websocket'] {
  if (ws === undefined || ws === false) return null;
  const o = isObject(ws) ? (ws as WebSocketTransport) : {};
  // Limits left out when unset: the runtime's LIMITS hold their defaults.
  return {
    path: o.path ?? WEBSOCKET_DEFAULTS.path,
    maxConnections: o.maxConnections,
    idleTimeoutMs: o.idleTimeoutMs,
    initTimeoutMs: o.initTimeoutMs,
  };
}

function objectType(props: { key: string; optional: boolean; type: string }[]): string {
  if (props.length === 0) return '{}';
  return `{\n${props.map((p) => `  ${JSON.stringify(p.key)}${p.optional ? '?' : ''}: ${p.type};`).join('\n')}\n}`;
}

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

/** server.name as an npm package name: lower case, URL-safe, scope kept. */
export function npmName(name: string): string {
  const scoped = /^@([^/]+)\/(.+)$/.exec(name);
  const clean = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9._~-]+/g, '-')
      .replace(/^[-._]+|-+$/g, '');
  if (scoped && clean(scoped[1]) && clean(scoped[2])) return `@${clean(scoped[1])}/${clean(scoped[2])}`;
  return clean(name).slice(0, 214) || 'mcp-server';
}
