// MCP Apps (the io.modelcontextprotocol/ui extension) in the server. ext-apps' helpers register the tools that open
// views and the views' ui:// resources (server.gen.ts); what they lack is here: each view's HTML, read once at
// start-up from the file `npm run build:views` writes (or from a source the entry is handed, for platforms without
// files), and the gating per client. A client that does not render views (it lists no `text/html;profile=mcp-app`
// under the extension: in each request's envelope in 2026-07-28, in its initialize in the 2025 era) is served as a
// plain MCP client: tools/list without `_meta.ui` and without the tools only views call, resources/list without the
// views, and no call of a tool only views call. A tool that opens a view always answers with a text block too.
import { EXTENSION_ID, getUiCapability, RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import {
  CLIENT_CAPABILITIES_META_KEY,
  type ClientCapabilities,
  type McpServer,
  ProtocolError,
  ProtocolErrorCode,
  type ProtocolEra,
  type ReadResourceResult,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { Layer, RequestHandler } from './layers.gen.js';

/** What the server declares under `capabilities.extensions`: the one kind of view it serves. */
export const UI_EXTENSION = { [EXTENSION_ID]: { mimeTypes: [RESOURCE_MIME_TYPE] } };

/** A view and the file its build writes, relative to the project folder. */
export interface ViewFile {
  name: string;
  file: string;
}

/**
 * Where a view's HTML comes from: by default the built file, read from disk. A platform without files (or a bundle
 * that embeds the HTML) passes its own; undefined means the view is missing.
 */
export type ViewSource = (view: ViewFile) => string | undefined | Promise<string | undefined>;

/** The view as listed (definitions.gen.ts): its read carries the same type and `_meta`. */
export interface PublishedView {
  name: string;
  mimeType?: string;
  _meta?: Record<string, unknown>;
}

/** Views missing at start-up: the server stops rather than serve hosts a blank frame. */
export class MissingViewsError extends Error {
  constructor(readonly views: readonly ViewFile[]) {
    const list = views.map((v) => `${v.name} (${v.file})`).join(', ');
    super(
      `MCP Apps view${views.length > 1 ? 's' : ''} not built: ${list}; run npm run build:views ` +
        '(npm run build runs it too), then start the server again',
    );
  }
}

/** The views of the manifest and their HTML, loaded once per process (the HTTP entry builds a server per request). */
export class Views {
  readonly #html = new Map<string, string>();

  /** `root` gives the project folder, which the files are relative to; asked only when the files are read. */
  constructor(
    readonly root: () => URL,
    readonly files: readonly ViewFile[],
  ) {}

  /** Reads every view from `source` (the built files by default); throws MissingViewsError naming each one missing. */
  async load(source: ViewSource = builtFiles(this.root())): Promise<void> {
    const missing: ViewFile[] = [];
    for (const view of this.files) {
      const html = await source(view);
      if (typeof html === 'string' && html.trim() !== '') this.#html.set(view.name, html);
      else missing.push(view);
    }
    if (missing.length > 0) throw new MissingViewsError(missing);
  }

  /** The read callback of a view's ui:// resource: its HTML, with the type and `_meta` of its listing. */
  read(view: PublishedView): (uri: URL) => ReadResourceResult {
    return (uri) => {
      const text = this.#html.get(view.name);
      // A server built without the entry (a test's buildServer) and without load(): say so, never an empty view.
      if (text === undefined)
        throw new ProtocolError(
          ProtocolErrorCode.InternalError,
          `view ${view.name} is not loaded (Views.load at start-up)`,
        );
      const content = { uri: uri.href, mimeType: view.mimeType ?? RESOURCE_MIME_TYPE, text };
      return { contents: [view._meta ? { ...content, _meta: view._meta } : content] };
    };
  }
}

/** The built files, read with node:fs (imported here only: the module loads where there is none). */
function builtFiles(root: URL): ViewSource {
  return async ({ file }) => {
    const { readFile } = await import('node:fs/promises');
    try {
      return await readFile(new URL(file, root), 'utf8');
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return undefined;
      throw error;
    }
  };
}

/**
 * Whether the client of this request renders views: its capabilities list the view type under the extension. Unknown
 * is a 2025-era request served without its session (stateless HTTP): the instance never saw the initialize, so it
 * serves what the manifest declares, which a client that renders no views reads as plain tools.
 */
export function rendersViews(ctx: ServerContext, server: McpServer, era: ProtocolEra): boolean | undefined {
  const capabilities =
    era === 'modern'
      ? ((ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[CLIENT_CAPABILITIES_META_KEY] as
          | ClientCapabilities
          | undefined)
      : server.server.getClientCapabilities();
  if (capabilities === undefined) return era === 'modern' ? false : undefined;
  return getUiCapability(capabilities)?.mimeTypes?.includes(RESOURCE_MIME_TYPE) === true;
}

/** What the layer needs of the manifest: the tools only views call, the tools that open views, the views' URIs. */
export interface AppsConfig {
  appOnly: readonly string[];
  openers: readonly string[];
  views: readonly string[];
}

interface Listed {
  name?: string;
  uri?: string;
  _meta?: Record<string, unknown>;
}

/** `_meta` without `ui`, and no `_meta` when nothing else is left. */
function withoutUi<T extends Listed>(entry: T): T {
  if (!entry._meta || !Object.hasOwn(entry._meta, 'ui')) return entry;
  const { ui: _ui, ...meta } = entry._meta;
  const { _meta: _all, ...rest } = entry;
  return (Object.keys(meta).length > 0 ? { ...rest, _meta: meta } : rest) as T;
}

/**
 * The layer of MCP Apps (see layers.gen.ts) for one server serving `era`. The lists depend on the client's
 * capabilities, so a 2026-07-28 list is marked private: a cache must not hand one client's list to another.
 */
export function appsLayer(config: AppsConfig, era: ProtocolEra): Layer {
  const appOnly = new Set(config.appOnly);
  const openers = new Set(config.openers);
  const views = new Set(config.views);
  const scoped = <T extends object>(result: T): T => (era === 'modern' ? { ...result, cacheScope: 'private' } : result);

  const tools =
    (next: RequestHandler, _method: string, server: McpServer): RequestHandler =>
    async (request, ctx) => {
      const result = (await next(request, ctx)) as { tools: Listed[] };
      if (rendersViews(ctx, server, era) !== false) return scoped(result);
      return scoped({ ...result, tools: result.tools.filter((t) => !appOnly.has(t.name ?? '')).map(withoutUi) });
    };
  const resources =
    (next: RequestHandler, _method: string, server: McpServer): RequestHandler =>
    async (request, ctx) => {
      const result = (await next(request, ctx)) as { resources: Listed[] };
      if (rendersViews(ctx, server, era) !== false) return scoped(result);
      return scoped({ ...result, resources: result.resources.filter((r) => !views.has(r.uri ?? '')) });
    };
  const call =
    (next: RequestHandler, _method: string, server: McpServer): RequestHandler =>
    async (request, ctx) => {
      const name = request.params?.name;
      if (typeof name === 'string' && appOnly.has(name) && rendersViews(ctx, server, era) === false)
        // Not listed to this client: as the SDK answers an unknown tool.
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${name} not found`);
      const result = await next(request, ctx);
      return typeof name === 'string' && openers.has(name) ? withText(result) : result;
    };
  return {
    // The extension, in the initialize result (2025) and in server/discover (2026-07-28): ext-apps' helpers leave
    // it out.
    install: (server) => server.server.registerCapabilities({ extensions: UI_EXTENSION }),
    around: { 'tools/list': tools, 'resources/list': resources, 'tools/call': call },
  };
}

interface CallResult {
  content?: { type: string; text?: string }[];
  structuredContent?: unknown;
  isError?: boolean;
}

/**
 * The spec has every tool that opens a view answer with content a host without views (and the model) can read: a
 * result with structured content and no text block gets the structured content as JSON text.
 */
export function withText(result: unknown): unknown {
  if (typeof result !== 'object' || result === null) return result;
  const r = result as CallResult;
  if (r.structuredContent === undefined || r.isError) return result;
  const content = Array.isArray(r.content) ? r.content : [];
  if (content.some((c) => c.type === 'text' && typeof c.text === 'string' && c.text.trim() !== '')) return result;
  return { ...r, content: [...content, { type: 'text', text: JSON.stringify(r.structuredContent) }] };
}
