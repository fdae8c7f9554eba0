import { readFileSync } from 'node:fs';
import { join, posix, relative, resolve } from 'node:path';
import { authModel, policyLiteral, toolScopes } from './auth-model.js';
import { packageRoot } from '../core/package-root.js';
import { completionHandler, completionModels, inlineResourceContent, messageModels } from './content-model.js';
import { buildExamplesModel } from './examples-model.js';
import { HANDLER_DIRS } from '../validate/names.js';
import { printSchemaTypes, type NamedSchema } from './schema-types.js';
import { commentText, jsLiteral, stringLiteral } from './js-literal.js';
import type { HttpTransport, JsonSchema, Manifest, SseTransport, WebSocketTransport } from '../core/manifest-types.js';
import { entriesOf, type EntryKind } from '../core/entries.js';
import { camelCase, fileBase, pascalCase } from '../core/naming.js';
import {
  DEFAULT_INPUT_SCHEMA,
  promptArgsSchema,
  publishedPrompt,
  publishedResource,
  publishedResourceTemplate,
  publishedServerInfo,
  publishedTool,
} from '../core/published.js';
import { isObject } from '../core/schema-refs.js';
import type { EntryModel, Json, PromptModel, ResourceModel, ServerModel, TemplateModel, ToolModel } from './server-model.js';
import { parseUriTemplate } from '../core/uri-template.js';

/** The SDK versions generated projects pin: tested together with this generator. */
export function sdkVersions(): ServerModel['sdk'] {
  return JSON.parse(readFileSync(join(packageRoot(), 'templates', 'project', 'sdk-versions.json'), 'utf8'));
}

export interface ModelOptions {
  manifestPath: string;
  outDir: string;
}

const KIND_WORD: Record<EntryKind, string> = { tools: 'Tool', resources: 'Resource', resourceTemplates: 'ResourceTemplate', prompts: 'Prompt' };
const ALIAS_PREFIX: Record<EntryKind, string> = { tools: 'tool', resources: 'resource', resourceTemplates: 'template', prompts: 'prompt' };

export async function buildServerModel(m: Manifest, opts: ModelOptions): Promise<ServerModel> {
  const shared = (isObject(m.definitions) ? m.definitions : {}) as Record<string, JsonSchema>;
  const tools = entriesOf(m, 'tools').map(([name, t]): ToolModel => {
    const pascal = pascalCase(name);
    const outputType = t.outputSchema !== undefined ? `${pascal}Output` : null;
    return {
      ...entry('tools', name, t.description ?? t.title, publishedTool(name, t, shared), true),
      inputType: `${pascal}Input`,
      outputType,
      outputTypeExpr: outputType ?? 'undefined',
      inputSchemaConst: `${lowerFirst(pascal)}InputSchema`,
      outputSchemaConst: outputType ? `${lowerFirst(pascal)}OutputSchema` : null,
      policyJson: policyLiteral(t.policy),
    };
  });
  const resources = entriesOf(m, 'resources').map(([name, r]): ResourceModel => {
    const inlineContent = inlineResourceContent(r, opts.manifestPath);
    return {
      ...entry('resources', name, r.description ?? r.title, publishedResource(name, r), inlineContent === null),
      inlineContent,
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
      variablesBody: objectType(parseUriTemplate(t.uriTemplate).variables.map((v) => ({
        key: v.name,
        // Query-style expansions ({?q}, {&q}) may be absent from a URI; exploded ones may repeat.
        optional: v.operator === '?' || v.operator === '&',
        type: v.explode ? 'string | string[]' : 'string',
      }))),
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

  const named: NamedSchema[] = [];
  for (const [name, t] of entriesOf(m, 'tools')) {
    named.push({ typeName: `${pascalCase(name)}Input`, schema: t.inputSchema ?? DEFAULT_INPUT_SCHEMA });
    if (t.outputSchema !== undefined) named.push({ typeName: `${pascalCase(name)}Output`, schema: t.outputSchema });
  }

  const stdio = m.transports?.stdio !== false;
  const http = m.transports?.http;
  const httpOptions: HttpTransport = isObject(http) ? (http as HttpTransport) : {};
  const subscribe = m.capabilities?.resources?.subscribe === true;
  const completions = templates.some((t) => t.completions.length > 0) || prompts.some((p) => p.completions.length > 0);
  // logging is always on; completions are registered with their handler (installCompletions).
  const serverOptions: Json = { capabilities: { logging: {}, ...m.capabilities } };
  if (m.server.instructions !== undefined) serverOptions.instructions = m.server.instructions;
  const source = relative(resolve(opts.outDir), resolve(opts.manifestPath)).split('\\').join('/');

  return {
    source: commentText(posix.normalize(source), 500),
    header: `// Code generated by mcp-gen. DO NOT EDIT.\n// source: ${commentText(posix.normalize(source), 500)}\n`,
    packageName: npmName(m.server.name),
    serverName: m.server.name,
    serverVersion: m.server.version,
    serverTitle: m.server.title ?? m.server.name,
    description: m.server.description ?? '',
    serverInfoJson: jsLiteral(publishedServerInfo(m)),
    optionsJson: jsLiteral(serverOptions),
    defaultTransport: stdio ? 'stdio' : 'http',
    stdio,
    http: http === false ? null : {
      host: httpOptions.host ?? '127.0.0.1',
      port: httpOptions.port ?? 3000,
      path: httpOptions.path ?? '/mcp',
      allowedHosts: httpOptions.allowedHosts ?? null,
      allowedOrigins: httpOptions.allowedOrigins ?? null,
      mode: httpOptions.mode ?? 'stateful',
      sse: sseModel(m.transports?.sse),
      websocket: webSocketModel(m.transports?.websocket),
      maxBodyBytes: httpOptions.maxBodyBytes ?? 4 * 1024 * 1024,
      headersTimeoutMs: httpOptions.headersTimeoutMs ?? 10_000,
      requestTimeoutMs: httpOptions.requestTimeoutMs ?? 30_000,
      keepAliveTimeoutMs: httpOptions.keepAliveTimeoutMs ?? 5_000,
      auth: authModel(m),
      toolScopes: toolScopes(m),
    },
    tools,
    resources,
    templates,
    prompts,
    subscribe,
    completions,
    policies: tools.some((t) => t.policyJson !== null),
    scale: {
      store: m.scale?.store ?? 'memory',
      sessionTtlMs: m.scale?.sessionTtlMs ?? 1_800_000,
      eventRetention: m.scale?.eventRetention ?? 1000,
      maxSessionsPerPrincipal: m.scale?.maxSessionsPerPrincipal ?? 100,
    },
    deploy: m.deploy && (m.deploy.compose || m.deploy.kubernetes)
      ? { compose: m.deploy.compose === true, kubernetes: m.deploy.kubernetes === true, replicas: m.deploy.replicas ?? 3 }
      : null,
    schemaTypes: printSchemaTypes(named, shared),
    ...buildExamplesModel(m),
    sdk: sdkVersions(),
  };
}

function entry(kind: EntryKind, name: string, about: string | undefined, published: Json, hasHandler: boolean): EntryModel {
  const pascal = pascalCase(name);
  const dir = HANDLER_DIRS[kind];
  const base = fileBase(name);
  return {
    name,
    nameLiteral: stringLiteral(name),
    ident: camelCase(name),
    alias: ALIAS_PREFIX[kind] + pascal.replace(/^_/, ''),
    handlerFile: `src/handlers/${dir}/${base}.ts`,
    handlerImport: `../handlers/${dir}/${base}.js`,
    defConst: lowerFirst(pascal) + KIND_WORD[kind],
    published,
    publishedJson: jsLiteral(published),
    summary: commentText(about ? `${JSON.stringify(name)}: ${about}` : JSON.stringify(name)),
    hasHandler,
  };
}

function sseModel(sse: boolean | SseTransport | undefined): { path: string; messagesPath: string } | null {
  if (sse === undefined || sse === false) return null;
  const o = isObject(sse) ? (sse as SseTransport) : {};
  return { path: o.path ?? '/sse', messagesPath: o.messagesPath ?? '/messages' };
}

function webSocketModel(ws: boolean | WebSocketTransport | undefined): { path: string } | null {
  if (ws === undefined || ws === false) return null;
  return { path: (isObject(ws) ? (ws as WebSocketTransport).path : undefined) ?? '/ws' };
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
  const clean = (s: string) => s.toLowerCase().replace(/[^a-z0-9._~-]+/g, '-').replace(/^[-._]+|-+$/g, '');
  if (scoped && clean(scoped[1]) && clean(scoped[2])) return `@${clean(scoped[1])}/${clean(scoped[2])}`;
  return clean(name).slice(0, 214) || 'mcp-server';
}
