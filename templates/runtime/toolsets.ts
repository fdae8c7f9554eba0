import {
  type AuthInfo,
  ProtocolError,
  ProtocolErrorCode,
  type ProtocolEra,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { Layer, RequestHandler } from './layers.gen.js';

/** The manifest's `toolsets:`, the tools hidden from callers without their scopes, and the per-request opt-in. */
export interface ToolsetsConfig {
  readonly sets: Readonly<Record<string, { readonly tools: readonly string[]; readonly default?: boolean }>>;
  /** Scopes of each tool that `hideWithoutScopes` hides from callers lacking them. */
  readonly hidden: Readonly<Record<string, readonly string[]>>;
  /** Where an HTTP request may name its toolsets (transports.http.toolsets); null when it may not. */
  readonly request: { readonly header?: string; readonly query?: string } | null;
}

/** `--toolsets all` chooses every set. */
const ALL = 'all';

/**
 * Which tools a caller is served. One instance lives at module scope and holds the start-up choice
 * (`--toolsets` / MCP_TOOLSETS); each request may narrow it by its own choice, and by the caller's scopes.
 */
export class Toolsets {
  readonly #config: ToolsetsConfig;
  readonly #names: string[];
  /** Tools in no set: always served. */
  readonly #unsorted: Set<string>;
  #chosen: string[];

  constructor(config: ToolsetsConfig, allTools: readonly string[]) {
    this.#config = config;
    this.#names = Object.keys(config.sets);
    const grouped = new Set(Object.values(config.sets).flatMap((s) => s.tools));
    this.#unsorted = new Set(allTools.filter((t) => !grouped.has(t)));
    const defaults = this.#names.filter((n) => config.sets[n].default === true);
    // No set marked default: all of them, so that declaring sets alone changes nothing for existing clients.
    this.#chosen = defaults.length > 0 ? defaults : this.#names;
  }

  get names(): readonly string[] {
    return this.#names;
  }

  /** The start-up choice, a comma-separated list; an unknown name stops the start with the valid ones. */
  choose(list: string | undefined): void {
    if (list === undefined || list.trim() === '') return;
    if (this.#names.length === 0) throw new Error('--toolsets: this server declares no toolsets');
    this.#chosen = this.parse(list, (message) => new Error(`--toolsets: ${message}`));
  }

  parse(list: string, fail: (message: string) => Error): string[] {
    const chosen = [
      ...new Set(
        list
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean),
      ),
    ];
    if (chosen.includes(ALL)) return this.#names;
    const unknown = chosen.filter((n) => !this.#names.includes(n));
    if (unknown.length > 0)
      throw fail(
        `unknown toolset ${unknown.map((n) => JSON.stringify(n)).join(', ')}; ` +
          `valid toolsets: ${this.#names.join(', ')} (or ${ALL})`,
      );
    return chosen;
  }

  /** What this request may choose: its header or query parameter, when the manifest opts in. */
  requested(ctx: ServerContext): string[] | undefined {
    const where = this.#config.request;
    const req = ctx.http?.req;
    if (!where || !req) return undefined;
    const value =
      (where.header ? req.headers.get(where.header) : null) ??
      (where.query ? new URL(req.url).searchParams.get(where.query) : null);
    if (value === null || value.trim() === '') return undefined;
    return this.parse(value, (message) => new ProtocolError(ProtocolErrorCode.InvalidParams, message));
  }

  /** Tools served under `chosen` sets (undefined: the start-up choice), whatever the caller's scopes. */
  inSets(chosen: readonly string[] | undefined): Set<string> {
    const served = new Set(this.#unsorted);
    for (const name of chosen ?? this.#chosen) for (const tool of this.#config.sets[name].tools) served.add(tool);
    return served;
  }

  /** Tools listed to a caller with `auth` under `chosen` sets. */
  visible(chosen: readonly string[] | undefined, auth: AuthInfo | undefined): Set<string> {
    const served = this.inSets(chosen);
    // Unauthenticated transports (stdio) serve the local user, who holds every scope.
    if (auth) {
      for (const [tool, scopes] of Object.entries(this.#config.hidden)) {
        if (scopes.some((s) => !auth.scopes.includes(s))) served.delete(tool);
      }
    }
    return served;
  }

  /** Whether two callers may see different lists: then a list is private to its caller. */
  get perCaller(): boolean {
    return this.#config.request !== null || Object.keys(this.#config.hidden).length > 0;
  }
}

/**
 * The toolsets' layer (see layers.gen.ts) of one server: filters tools/list and guards tools/call. A tool outside the
 * caller's sets answers as the SDK answers an unknown tool (-32602): it does not exist for this caller. A tool hidden
 * by scopes still gets its scope challenge (HTTP 403, see Policies.scopeChallenge), which tells the caller what it
 * lacks. A connection-long server (2025-era session, stdio, WebSocket) remembers the last choice its client made, and
 * sends notifications/tools/list_changed when the tools it serves change. Outside the policies, so it runs first.
 */
export function toolsetsLayer(toolsets: Toolsets, era: ProtocolEra): Layer {
  let chosen: string[] | undefined;
  let served: string | undefined;

  async function visibleFor(ctx: ServerContext): Promise<Set<string>> {
    chosen = toolsets.requested(ctx) ?? chosen;
    const visible = toolsets.visible(chosen, ctx.http?.authInfo);
    const key = [...visible].sort().join('\u0000');
    if (served !== undefined && key !== served) await ctx.mcpReq.notify({ method: 'notifications/tools/list_changed' });
    served = key;
    return visible;
  }

  const list =
    (next: RequestHandler): RequestHandler =>
    async (request, ctx) => {
      const visible = await visibleFor(ctx);
      const result = (await next(request, ctx)) as { tools: { name: string }[] };
      const filtered = { ...result, tools: result.tools.filter((t) => visible.has(t.name)) };
      // 2026-07-28 lists carry cache hints: a list that depends on the caller must never be shared between callers.
      return era === 'modern' && toolsets.perCaller ? { ...filtered, cacheScope: 'private' } : filtered;
    };
  const call =
    (next: RequestHandler): RequestHandler =>
    async (request, ctx) => {
      const name = request.params?.name;
      await visibleFor(ctx);
      if (typeof name === 'string' && !toolsets.inSets(chosen).has(name)) {
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${name} not found`);
      }
      return next(request, ctx);
    };
  return { around: { 'tools/list': list, 'tools/call': call } };
}
