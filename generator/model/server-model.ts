// The model is everything the templates print, computed up front: identifiers, import paths, file names and
// JSON literals. Templates only place these strings.

import type { CompletionHandlerModel, CompletionModel, MessageModel } from './content-model.js';
import type { FeatureSet, PackageLists } from './runtime-features.js';

import type { Json, Visibility } from '../core/index.js';
import type { RegistryModel } from './registry-model.js';
import type { TargetModel } from './targets-model.js';
import type { ToolsetsModel } from './toolsets-model.js';
import type { ViewModel } from './view-types.js';
export type { Json };

export interface EntryModel {
  /** The manifest key, as published. */
  name: string;
  /** `name` as a TypeScript string literal. */
  nameLiteral: string;
  /** `name` as an object literal's key: the string literal, computed for `__proto__` (which would set the prototype). */
  keyLiteral: string;
  /** Exported handler identifier, e.g. `getForecast`. */
  ident: string;
  /** Import alias inside generated code, unique across kinds, e.g. `toolGetForecast`. */
  alias: string;
  /** The handler's name in server.gen.ts: `ident`, or `alias` when another name there has it. */
  local: string;
  /** The import of the handler in server.gen.ts: `ident`, or `ident as alias`. */
  importSpecifier: string;
  /** The registration's metadata as `key: literal` fields (title, description, ...), schemas included. */
  config: string;
  /** The handler behind its adapter (`tool('get_forecast', getForecast, {...})`); empty for content from the manifest. */
  adapterCall: string;
  /** Handler file, relative to the project root, e.g. `src/handlers/tools/get_forecast.ts`. */
  handlerFile: string;
  /** Import specifier of the handler from `src/generated/`. */
  handlerImport: string;
  /** Const holding the published definition in definitions.gen.ts, e.g. `getForecastTool`. */
  defConst: string;
  /** The published definition (definitions.gen.ts prints it). */
  published: Json;
  /** Single-line summary for doc comments (already safe inside a block comment). */
  summary: string;
  hasHandler: boolean;
}

export interface ToolModel extends EntryModel {
  inputType: string;
  /** Defaults of top-level input properties, filled in before the handler runs (definitions.gen.ts); null without. */
  inputDefaults: Json | null;
  /** The input type the handler sees: `inputType`, with the defaulted properties present. */
  handlerInputType: string;
  outputType: string | null;
  /** `outputType`, or `undefined` for tools without an outputSchema. */
  outputTypeExpr: string;
  inputSchemaConst: string;
  outputSchemaConst: string | null;
  /** The tool's `policy` as a TypeScript literal; null without one. */
  policyJson: string | null;
  /** The tool requires scopes: registered with a scope challenge (403 over Streamable HTTP, see Policies). */
  scopeChallenge: boolean;
  /** `execution.taskSupport` when the tool may run as a task (`optional` or `required`); null otherwise. */
  taskSupport: 'optional' | 'required' | null;
  /** Its MCP Apps view and visibility (manifest `ui:`); null without. `published._meta.ui` is `ui.meta`. */
  ui: ToolUiModel | null;
  /** Registered with ext-apps' registerAppTool (a tool with `ui:`, unless its scope challenge needs the SDK's own config). */
  appTool: boolean;
}

/** A tool's `ui:` (MCP Apps). */
export interface ToolUiModel {
  /** The view it names (`ui.app`), or null (a tool that only says who may call it). */
  app: string | null;
  /** `_meta.ui` as published, the current nested form: `{resourceUri?, visibility}` (never the flat `ui/resourceUri` key). */
  meta: Json;
  /** `ui.visibility`, or the spec's default `['model', 'app']`, as published. */
  visibility: Visibility[];
  /** Listed to the model. An app-only tool (false) is for views: a host without the UI extension must not list it either. */
  modelVisible: boolean;
  /** Callable by views through the host. */
  appVisible: boolean;
}

/** A tool as a view sees it: what it is called with and answers, by the names types.gen.ts and schemas.gen.ts give them. */
export interface AppToolModel {
  name: string;
  nameLiteral: string;
  /** The input type in types.gen.ts, e.g. `GetForecastInput`. */
  inputType: string;
  /** The structuredContent type in types.gen.ts; null without an outputSchema (the view gets text only). */
  outputType: string | null;
  inputSchemaConst: string;
  outputSchemaConst: string | null;
  visibility: Visibility[];
}

/** An MCP Apps view: a ui:// resource of type text/html;profile=mcp-app, built from the user's code in `source`. */
export interface AppModel {
  /** The manifest key: the resource's `name`. */
  name: string;
  nameLiteral: string;
  /** camelCase and PascalCase of the name, unique among views (validation checks it). */
  ident: string;
  typeName: string;
  /** The resolved URI (`uri:`, or `ui://<server name as a host>/<name>`), and as a TS literal. */
  uri: string;
  uriLiteral: string;
  /** Always `text/html;profile=mcp-app`, on the listing and on the read's contents. */
  mimeType: string;
  title: string | null;
  description: string | null;
  /** Folder of the view's code relative to the project: POSIX, normalized, no trailing slash; inside the project, in no other view's. */
  source: string;
  /** The `resources/list` entry: `{uri, name, title?, description?, mimeType, _meta?}`, `_meta.ui` included. */
  published: Json;
  /** `_meta` of the `resources/read` contents item: the listing's (the view's own `_meta`, then `ui`); null without. */
  contentMeta: Json | null;
  /** `_meta.ui` alone: `{csp?, permissions? ({camera: {}}...), domain?, prefersBorder?}`; null when the view sets none. */
  uiMeta: Json | null;
  /** Tools the model calls that render this view (`ui.app` names it, `model` in visibility), in manifest order: their input and output are what the view receives. */
  openedBy: AppToolModel[];
  /** Tools naming this view that views may call (`app` in visibility), the app-only ones included. */
  tools: AppToolModel[];
  /** Single-line summary for doc comments. */
  summary: string;
  /** Const of its listing in definitions.gen.ts, e.g. `forecastViewView` (listed after the manifest's resources). */
  defConst: string;
  /** The built file the server reads at start-up, relative to the project: `dist/ui/<name>.html`. */
  htmlFile: string;
  /** registerAppResource's metadata as `key: literal` fields: title, description, `_meta: {ui}`. */
  config: string;
}

/** MCP Apps (the `io.modelcontextprotocol/ui` extension, spec 2026-01-26). */
export interface AppsModel {
  extensionId: string;
  mimeType: string;
  /** The settings the server declares under `capabilities.extensions[extensionId]`: `{mimeTypes: [mimeType]}`. */
  extensionSettings: Json;
  views: AppModel[];
  /** Every tool a view may call through the host, in manifest order: `app` in its visibility, tools without `ui:` included (the spec's default). */
  callable: AppToolModel[];
  /** Names of the tools hidden from the model (`visibility: [app]`). */
  appOnly: string[];
  /** apps.gen.ts's AppsConfig as a TS literal: the app-only tools, the tools that name a view, the views' URIs. */
  layerConfig: string;
  /** views.gen.ts's table as a TS literal: `[{name, file}]`, in manifest order. */
  viewFiles: string;
  /** The views' HTML as a bundle's text modules (workers): the local each import names, the module path literal. */
  embedded: { local: string; path: string }[];
  /** The embedded views by name, as a TS object literal of those locals. */
  embeddedTable: string;
}

export interface ResourceModel extends EntryModel {
  /** The resource's URI as a TS literal. */
  uriLiteral: string;
  /** Content from the manifest (`text:`, `blob:` or `file:`) as `text: "..."` or `blob: "..."`; null when a handler serves it. */
  inlineContent: string | null;
  /** `mimeType: "...", ` or empty. */
  mimeTypeProperty: string;
}

export interface TemplateModel extends EntryModel {
  variablesType: string;
  /** The variables type as seen from server.gen.ts. */
  variablesTypeRef: string;
  /** TS object type of the template's variables. */
  variablesBody: string;
  /** uriTemplate as a TS literal (completion requests name templates by it). */
  uriTemplateLiteral: string;
  completions: CompletionModel[];
  completionHandler: CompletionHandlerModel | null;
}

export interface PromptModel extends EntryModel {
  argsType: string;
  /** TS object type of the arguments (all strings, per the MCP spec). */
  argsBody: string;
  argsSchemaConst: string | null;
  argsSchemaJson: string | null;
  /** Messages from the manifest; empty when a handler builds them. */
  messages: MessageModel[];
  completions: CompletionModel[];
  completionHandler: CompletionHandlerModel | null;
}

export interface HttpModel {
  host: string;
  port: number;
  path: string;
  allowedHosts: string[] | null;
  allowedOrigins: string[] | null;
  mode: 'stateful' | 'stateless';
  sse: { path: string; messagesPath: string } | null;
  websocket: { path: string; maxConnections?: number; idleTimeoutMs?: number; initTimeoutMs?: number } | null;
  maxBodyBytes: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  sessionIdleTimeoutMs?: number;
  maxSessionsPerPrincipal?: number;
  maxRequestsInFlight?: number;
  maxConcurrentRequests?: number;
  maxPrincipalShare?: number;
  /** Proxies whose X-Forwarded-For the server reads (transports.http.trustProxy). */
  trustProxy?: string[];
  /** The manifest's auth, completed with defaults; names environment variables, never holds secrets. */
  auth: Json | null;
  /** The server card (draft SEP-2127) the HTTP server serves; absent without server.registryName. */
  serverCard?: Json;
}

export interface ScaleModel {
  store: 'memory' | 'redis';
  sessionTtlMs: number;
  eventRetention: number;
  maxSessionsPerPrincipal: number;
}

export interface DeployModel {
  compose: boolean;
  kubernetes: boolean;
  replicas: number;
}

export interface ServerModel {
  /** Manifest path relative to the output folder, POSIX separators, for headers. */
  source: string;
  /** The `DO NOT EDIT` header of generator-owned TypeScript files. */
  header: string;
  packageName: string;
  serverName: string;
  serverVersion: string;
  serverTitle: string;
  description: string;
  /** The published serverInfo and the McpServer options (definitions.gen.ts prints them). */
  serverInfo: Json;
  serverOptions: Json;
  defaultTransport: 'stdio' | 'http';
  /** The node entry offers stdio: transports.stdio (default on) with node among the targets. */
  stdio: boolean;
  /**
   * Where the server runs (manifest `targets`, default node alone), in the manifest's order: how each target serves
   * the two eras, and its settings. Only the node entry is generated yet (validate refuses the others for generate).
   */
  targets: TargetModel[];
  /**
   * The secrets the server reads on a platform, by name (credentials, the request-state key, the variables the
   * manifest's bundle.env declares for handlers): wrangler.jsonc and template.yaml name them, values never.
   */
  platformSecrets: string[];
  http: HttpModel | null;
  tools: ToolModel[];
  resources: ResourceModel[];
  templates: TemplateModel[];
  prompts: PromptModel[];
  /** resources/subscribe is accepted (capabilities.resources.subscribe). */
  subscribe: boolean;
  /** transports.http.maxSubscriptionsPerSession as source, or `undefined` for the runtime default. */
  maxSubscriptionsLiteral: string;
  /** Some prompt argument or template variable declares completions. */
  completions: boolean;
  /** Some tool has a `policy`: server.gen.ts installs the policies. */
  policies: boolean;
  /** `telemetry.otel`: OpenTelemetry traces and metrics (telemetry.gen.ts, instrument.gen.ts and their packages). */
  telemetry: boolean;
  /** `telemetry.trustClientSampling`: the sampler follows the sampled flag of a client's trace context. */
  trustClientSampling: boolean;
  /** Some tool declares `execution.taskSupport` optional or required: server.gen.ts serves tasks (tasks.gen.ts). */
  tasks: boolean;
  /** Toolsets or tools hidden without their scopes: server.gen.ts filters tools/list and guards tools/call. */
  toolsets: ToolsetsModel | null;
  /** MCP Apps views and the tools' `ui:`; null when the manifest has neither. */
  apps: AppsModel | null;
  /** The views' code (generator/model/views-model.ts): each view's types, starter and built file; empty without views. */
  views: ViewModel[];
  /** Where replicas share state (manifest `scale`); `store: memory` keeps it in the process. */
  scale: ScaleModel;
  /** Deployment files to emit under deploy/ (manifest `deploy`), or null. */
  deploy: DeployModel | null;
  /** manifest.json of the MCP Bundle (generator/model/bundle-model.ts), or null without stdio. */
  bundleManifestJson: string | null;
  /** package.json `engines.node`. */
  nodeEngines: string;
  /** server.json for the MCP Registry and package.json's mcpName; null without server.registryName. */
  registry: RegistryModel | null;
  /** Generated TypeScript declarations of every input and output schema. */
  schemaTypes: string;
  /** The manifest's examples as a TypeScript literal (examples.gen.ts), and how many there are. */
  examplesJson: string;
  exampleCount: number;
  /** Versions generated projects pin (templates/project/sdk-versions.json): the SDK, its companions, the MCP Inspector and TypeScript. */
  sdk: {
    server: string;
    client: string;
    serverLegacy: string;
    ws: string;
    typesWs: string;
    jsonSchemaFaker: string;
    jose: string;
    inspector: string;
    typescript: string;
    ioredis: string;
    typesNode: string;
    tsx: string;
    vitest: string;
    pino: string;
    pinoPretty: string;
    mcpb: string;
    srvx: string;
    typesAwsLambda: string;
    /** Run through npx by the workers scripts, never installed: it needs Node 22.12 or later. */
    wrangler: string;
    otel: Record<string, string>;
  };
  /** The mcp-gen version generating the project (stamped into runtime files' headers). */
  generatorVersion: string;
  /** Runtime features the manifest enables (generator/model/runtime-features.ts): flags, runtime files, HTTP pieces. */
  features: FeatureSet;
  /** The project's package pins, from its features. */
  packages: PackageLists;
}
