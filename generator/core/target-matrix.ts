// The feature x target matrix: for each manifest feature whose serving depends on the platform, whether each target
// serves it, serves it under a condition, or cannot, and then why and what to use instead. validate/targets.ts
// refuses what a listed target cannot serve reading only this table, and docs/targets.md shows it (test/docs keeps
// the two equal). A cell is "served" only where the target's entry can really do it; when in doubt, refused.
import { entriesOf } from './entries.js';
import type { Manifest } from './manifest-types.js';
import type { PathSegment } from './path.js';
import { isObject } from './schema-refs.js';
import type { TargetName } from './targets.js';

/** What a conditional cell needs: `store`, scale.store redis; `node`, node among the targets (its entry serves it). */
export type Condition = 'store' | 'node';

export type Cell =
  | { kind: 'served'; note?: string }
  | { kind: 'when'; condition: Condition; why: string; instead: string }
  | { kind: 'refused'; why: string; instead: string };

/** Where a manifest asks for a feature. */
export interface FeatureHit {
  path: PathSegment[];
  at?: 'key' | 'value';
}

export interface TargetFeature {
  /** As docs name it. */
  title: string;
  /** As messages name it, when not the title: "the WebSocket transport is not served on workers". */
  subject?: string;
  /** Messages say "are" rather than "is". */
  plural?: boolean;
  /** The manifest fields that turn it on, as docs show them (Markdown). */
  field: string;
  /**
   * Where the manifest asks for it in writing. A default that adapts to the target (stdio, on with node; 2025-era
   * sessions, on where they can live) is not asked for: each target then serves what it can.
   */
  find(m: Manifest): FeatureHit[];
  cells: Readonly<Record<TargetName, Cell>>;
}

const served = (note?: string): Cell => (note ? { kind: 'served', note } : { kind: 'served' });
const refused = (why: string, instead: string): Cell => ({ kind: 'refused', why, instead });
const byNode = (why: string, instead: string): Cell => ({ kind: 'when', condition: 'node', why, instead });
const whenStore = (why: string, instead: string): Cell => ({ kind: 'when', condition: 'store', why, instead });

/** The same cell on every target but node. */
const notNode = (cell: Cell) => ({ deno: cell, bun: cell, workers: cell, vercel: cell, lambda: cell });
/** The same cell on the targets whose instances are made per request. */
const perRequest = (cell: Cell) => ({ workers: cell, vercel: cell, lambda: cell });
/** The same cell on the two function platforms. */
const functions = (cell: Cell) => ({ vercel: cell, lambda: cell });
/** The same cell on deno and bun, the long-lived processes besides node. */
const processes = (cell: Cell) => ({ deno: cell, bun: cell });

/** deno and bun run one process, which holds the state itself; the store serves the node entry's replicas. */
const storeInOneProcess = (target: string): Cell =>
  refused(
    "mcp-gen's shared store serves replicas of the node entry (their sessions are taken over on Node's HTTP transport)",
    `leave scale out: ${target} keeps the state in its one process; for replicas that share it, serve on node`,
  );

const FRESH = 'each request may reach a fresh instance, which remembers nothing of the requests before it';
const ELSEWHERE = 'or serve on node, deno or bun';

const TASK_LIVES_ON = "a task's handler goes on after the answer and later requests must find the task";
const NO_TASKS = `leave execution.taskSupport out (the tool then answers within its call), ${ELSEWHERE}`;

const transports = (m: Manifest): Record<string, unknown> => (isObject(m.transports) ? m.transports : {});
const on = (value: unknown) => value !== undefined && value !== false && value !== null;

export const TARGET_FEATURES: readonly TargetFeature[] = [
  {
    title: 'stdio',
    field: '`transports.stdio: true`',
    find: (m) => (transports(m).stdio === true ? [{ path: ['transports', 'stdio'] }] : []),
    cells: {
      node: served(),
      ...notNode(
        byNode(
          'a client launches a stdio server as a local process, and the node entry is the one mcp-gen writes for that',
          'add node to targets, or set transports.stdio: false',
        ),
      ),
    },
  },
  {
    title: '2025-era sessions',
    plural: true,
    field: '`transports.http.mode: stateful`',
    find: (m) => {
      const http = transports(m).http;
      return isObject(http) && http.mode === 'stateful' ? [{ path: ['transports', 'http', 'mode'] }] : [];
    },
    cells: {
      node: served('in memory, or in the shared store across replicas with scale.store: redis'),
      deno: served('in memory, in the one process'),
      bun: served('in memory, in the one process'),
      ...perRequest(
        refused(
          'a session lives in the instance that began it, and the next request may reach another',
          `leave transports.http.mode out: 2025-era clients are then served there without a session, as the 2025 revisions allow, and 2026-07-28 clients need none; ${ELSEWHERE}`,
        ),
      ),
    },
  },
  {
    title: 'resource subscriptions',
    plural: true,
    field: '`capabilities.resources.subscribe: true`',
    find: (m) =>
      isObject(m.capabilities?.resources) && m.capabilities.resources.subscribe === true
        ? [{ path: ['capabilities', 'resources', 'subscribe'] }]
        : [],
    cells: {
      node: served('both eras; across replicas with scale.store: redis'),
      deno: served('both eras, in the one process'),
      bun: served('both eras, in the one process'),
      ...perRequest(
        refused(
          'a 2026-07-28 subscriptions/listen stream hears only the changes made in its own instance, and a 2025-era resources/subscribe lives in a session',
          `leave capabilities.resources.subscribe out (clients then read a resource again when they need it fresh), ${ELSEWHERE}`,
        ),
      ),
    },
  },
  {
    title: 'HTTP+SSE transport (2024-11-05)',
    subject: 'the HTTP+SSE transport (2024-11-05)',
    field: '`transports.sse`',
    find: (m) => (on(transports(m).sse) ? [{ path: ['transports', 'sse'], at: 'key' }] : []),
    cells: {
      node: served(),
      ...notNode(
        refused(
          "mcp-gen's HTTP+SSE endpoint is written on Node's HTTP server, and its event stream and the POSTs that answer it must reach one process",
          'use Streamable HTTP, which every target serves and clients of 2025-03-26 and later speak, or serve on node',
        ),
      ),
    },
  },
  {
    title: 'WebSocket transport',
    subject: 'the WebSocket transport',
    field: '`transports.websocket`',
    find: (m) => (on(transports(m).websocket) ? [{ path: ['transports', 'websocket'], at: 'key' }] : []),
    cells: {
      node: served(),
      ...notNode(
        refused(
          "mcp-gen's WebSocket endpoint is written on Node's HTTP server and the ws package, and a connection holds one server for its whole life",
          'use Streamable HTTP, which every target serves, or serve on node',
        ),
      ),
    },
  },
  {
    title: 'shared store (Redis or Valkey)',
    subject: 'the shared store (Redis or Valkey)',
    field: '`scale.store: redis`',
    find: (m) => (isObject(m.scale) && m.scale.store === 'redis' ? [{ path: ['scale', 'store'] }] : []),
    cells: {
      node: served(),
      deno: storeInOneProcess('deno'),
      bun: storeInOneProcess('bun'),
      workers: refused(
        'the store client (ioredis) cannot open its TCP connection to the store from a Worker',
        'leave scale out and keep to what needs no shared state on workers, or serve on node, vercel or lambda, which reach the store',
      ),
      ...functions(
        served(
          "connected at an instance's first request and kept while the platform keeps the instance; requests there are served without a session, so what it brings is what outlives an instance: tool rate and concurrency limits counted across instances, tasks any instance finds (vercel), and notify published to every instance",
        ),
      ),
    },
  },
  {
    title: 'tool rate and concurrency limits',
    plural: true,
    field: '`policy.rateLimit`, `policy.maxConcurrency`, `policy.maxConcurrencyPerPrincipal`',
    find: (m) =>
      entriesOf(m, 'tools').flatMap(([name, tool]) => {
        const policy: Record<string, unknown> = isObject(tool.policy) ? tool.policy : {};
        const key = ['rateLimit', 'maxConcurrency', 'maxConcurrencyPerPrincipal'].find((k) => policy[k] !== undefined);
        return key ? [{ path: ['tools', name, 'policy', key], at: 'key' as const }] : [];
      }),
    cells: {
      node: served('per process; across replicas with scale.store: redis'),
      deno: served('in the one process'),
      bun: served('in the one process'),
      workers: refused(
        `${FRESH} and counts from zero, and a Worker cannot reach the shared store`,
        `leave the limit out and limit requests in front of the Worker (Cloudflare's rate limiting rules), ${ELSEWHERE}`,
      ),
      ...functions(
        whenStore(
          `${FRESH} and counts from zero; with the shared store every instance counts in it`,
          `set scale.store: redis (MCP_STORE_URL) so that the instances count together, or leave the limit out and limit requests in front of the function, ${ELSEWHERE}`,
        ),
      ),
    },
  },
  {
    title: 'tasks',
    plural: true,
    field: '`execution.taskSupport: optional` or `required`',
    find: (m) =>
      entriesOf(m, 'tools')
        .filter(([, tool]) => tool.execution?.taskSupport === 'optional' || tool.execution?.taskSupport === 'required')
        .map(([name]) => ({ path: ['tools', name, 'execution', 'taskSupport'] })),
    cells: {
      node: served('in memory; across replicas with scale.store: redis'),
      ...processes(served('in memory, in the one process')),
      workers: refused(
        `${TASK_LIVES_ON}, but the next request may reach another instance, and a Worker cannot reach the shared store`,
        NO_TASKS,
      ),
      vercel: whenStore(
        `${TASK_LIVES_ON}, and the next request may reach another instance; in the shared store every instance finds it, and waitUntil keeps the one running it (up to maxDuration)`,
        `set scale.store: redis (MCP_STORE_URL), or ${NO_TASKS}`,
      ),
      lambda: refused(
        "a task's handler goes on after the answer, but Lambda freezes an instance once it has answered, and then nothing runs it (the shared store would let any instance find the task, not run it)",
        NO_TASKS,
      ),
    },
  },
  {
    title: 'OpenTelemetry',
    field: '`telemetry.otel: true`',
    find: (m) => (isObject(m.telemetry) && m.telemetry.otel === true ? [{ path: ['telemetry', 'otel'] }] : []),
    cells: {
      node: served(),
      deno: refused(
        "mcp-gen's telemetry runs the OpenTelemetry SDK for Node",
        "leave telemetry.otel out and turn on Deno's own OpenTelemetry export (OTEL_DENO=true), or serve on node",
      ),
      bun: refused("mcp-gen's telemetry runs the OpenTelemetry SDK for Node", 'serve on node, or leave telemetry.otel out'),
      workers: refused(
        "mcp-gen's telemetry runs the OpenTelemetry SDK for Node, which exports in batches after the answer",
        'leave telemetry.otel out and turn on Workers tracing (observability in wrangler.jsonc), or serve on node',
      ),
      vercel: refused(
        "mcp-gen's telemetry runs the OpenTelemetry SDK for Node, which exports in batches after the answer, and an instance may be stopped first",
        "leave telemetry.otel out and use Vercel's OpenTelemetry integration, or serve on node",
      ),
      lambda: refused(
        "mcp-gen's telemetry runs the OpenTelemetry SDK for Node, which exports in batches after the answer, and an instance is frozen once it has answered",
        'leave telemetry.otel out and use the AWS Distro for OpenTelemetry Lambda layer, or serve on node',
      ),
    },
  },
  {
    title: 'authentication',
    field: '`auth`',
    find: (m) => (isObject(m.auth) ? [{ path: ['auth'], at: 'key' }] : []),
    cells: {
      node: served(),
      ...notNode(served('jose verifies the JWTs of jwksUrl on every target; verifyAccessToken in src/lifecycle.ts runs on the target too')),
    },
  },
  {
    title: 'Compose and Kubernetes files',
    plural: true,
    field: '`deploy.compose`, `deploy.kubernetes`',
    find: (m) =>
      isObject(m.deploy)
        ? (['compose', 'kubernetes'] as const).filter((k) => m.deploy?.[k] === true).map((k) => ({ path: ['deploy', k] }))
        : [],
    cells: { node: served(), ...notNode(byNode("they run the node entry's container image", 'add node to targets, or leave deploy out')) },
  },
  {
    title: 'MCP Bundle (.mcpb)',
    subject: 'the MCP Bundle (.mcpb)',
    field: '`bundle`',
    find: (m) => (isObject(m.bundle) ? [{ path: ['bundle'], at: 'key' }] : []),
    cells: {
      node: served(),
      ...notNode(
        byNode(
          'desktop clients install the bundle and launch the node entry from it over stdio',
          'add node to targets, or leave bundle out',
        ),
      ),
    },
  },
];
