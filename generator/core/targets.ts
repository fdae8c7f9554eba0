// Where a generated server runs (manifest `targets`): the platforms, how each runs the server, and the targets a
// manifest lists, read leniently (the manifest schema and validate/targets.ts report what is malformed).
import type { Target } from './manifest-types.js';
import { isObject } from './schema-refs.js';

export type TargetName = Target;

/** In the order of the schema's enum, which is the order docs/targets.md gives the matrix's columns. */
export const TARGET_NAMES: readonly TargetName[] = ['node', 'deno', 'bun', 'workers', 'vercel', 'lambda'];

export interface TargetInfo {
  /** The platform's own name, for docs. */
  title: string;
  /**
   * `process`: one long-lived process serves every request, so what it keeps in memory lasts (sessions, counters,
   * running tasks). `request`: the platform makes instances for requests and may stop, freeze or replace them at any
   * time after an answer, so each request may meet a fresh instance that remembers nothing.
   */
  lifetime: 'process' | 'request';
  /** The item may carry settings (`- vercel: {maxDuration: 60}`), as the schema's TargetSettings lists them. */
  settings: boolean;
  /**
   * The Host names a deployed instance answers on without any setting, besides the localhost names of local
   * development: `*` stands for one DNS label (an account, a region, a deployment), `{name}` for the Worker's name.
   * The entry hands them to the Host and Origin checks (host-guard.gen.ts) as `platformHosts`.
   */
  hosts: readonly string[];
}

export const TARGETS: Readonly<Record<TargetName, TargetInfo>> = {
  node: { title: 'Node.js', lifetime: 'process', settings: false, hosts: [] },
  deno: { title: 'Deno', lifetime: 'process', settings: false, hosts: [] },
  bun: { title: 'Bun', lifetime: 'process', settings: false, hosts: [] },
  // <name>.<account subdomain>.workers.dev; customDomains are added by name.
  workers: { title: 'Cloudflare Workers', lifetime: 'request', settings: true, hosts: ['{name}.*.workers.dev'] },
  // <project>.vercel.app and each deployment's <project>-<hash>-<team>.vercel.app.
  vercel: { title: 'Vercel Functions', lifetime: 'request', settings: true, hosts: ['*.vercel.app'] },
  // A Function URL, and an API Gateway HTTP API's default endpoint.
  lambda: {
    title: 'AWS Lambda',
    lifetime: 'request',
    settings: true,
    hosts: ['*.lambda-url.*.on.aws', '*.execute-api.*.amazonaws.com'],
  },
};

/** Seconds a Vercel function runs when vercel.json sets no maxDuration (Fluid compute, every plan). */
export const VERCEL_DEFAULT_MAX_DURATION_S = 300;
/** Seconds after which an API Gateway HTTP API answers 504, whatever the Lambda function's timeout (not adjustable). */
export const API_GATEWAY_TIMEOUT_S = 30;

export interface ListedTarget {
  name: TargetName;
  /** Its index in `targets`, as messages name it (`targets[1]`). */
  index: number;
  /** The item's settings (`- vercel: {maxDuration: 60}`); empty for a bare name. */
  settings: Record<string, unknown>;
}

/**
 * The targets the manifest lists, in its order: each well-formed item, the first of each name only. Without
 * `targets` (or with something that is not a list), node alone, as before targets existed.
 */
export function listedTargets(m: unknown): ListedTarget[] {
  const list = isObject(m) ? m.targets : undefined;
  if (!Array.isArray(list)) return [{ name: 'node', index: 0, settings: {} }];
  const out: ListedTarget[] = [];
  list.forEach((item, index) => {
    const read = readItem(item);
    if (read && !out.some((t) => t.name === read.name)) out.push({ ...read, index });
  });
  return out;
}

/** A list item's target: a name, or a one-key map from a name that takes settings to them; undefined for anything else. */
export function readItem(item: unknown): { name: TargetName; settings: Record<string, unknown> } | undefined {
  if (typeof item === 'string') return isTargetName(item) ? { name: item, settings: {} } : undefined;
  if (!isObject(item)) return undefined;
  const keys = Object.keys(item);
  if (keys.length !== 1 || !isTargetName(keys[0]) || !TARGETS[keys[0]].settings) return undefined;
  const settings = item[keys[0]];
  return { name: keys[0], settings: isObject(settings) ? settings : {} };
}

export function isTargetName(value: unknown): value is TargetName {
  return typeof value === 'string' && (TARGET_NAMES as readonly string[]).includes(value);
}

/** A Worker's name made from the server's: lower case, letters, digits and -, at most 63, as workers.dev hosts take it. */
export function workerName(serverName: string): string {
  const name = serverName
    .toLowerCase()
    .replace(/^@[^/]*\//, '')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 63)
    .replace(/^-+|-+$/g, '');
  return name || 'mcp-server';
}

/** Whether the server offers stdio: the manifest's transports.stdio (default on), by the node entry, so with node listed. */
export function stdioServed(m: unknown): boolean {
  const t = isObject(m) && isObject(m.transports) ? m.transports : {};
  return t.stdio !== false && listedTargets(m).some((target) => target.name === 'node');
}
