// Where the server runs, as emission reads it: each target the manifest lists, in its order, with how it serves each
// protocol era and its settings, defaults applied. What each target can serve at all is core/target-matrix.ts's, and
// validation has refused a manifest asking a target for more.
import type { HttpTransport, Manifest } from '../core/index.js';
import { HTTP_DEFAULTS, LAMBDA_DEFAULTS, TARGETS, WORKERS_DEFAULTS, isObject, listedTargets, workerName } from '../core/index.js';

interface TargetBase {
  /** Its index in the manifest's `targets`. */
  index: number;
  /** One long-lived process (`process`), or instances the platform makes for requests (`request`): core/targets.ts. */
  lifetime: 'process' | 'request';
  /**
   * How 2025-era clients are served: `stateful`, with sessions (the manifest's transports.http.mode, default
   * stateful), where a process lives to hold them; `stateless`, a fresh server per request (the SDK's
   * `legacy: 'stateless'`), where it does not, or where the manifest says `mode: stateless`.
   */
  mode: 'stateful' | 'stateless';
  /**
   * How the 2026-07-28 handler answers a call: `auto` streams mid-call notifications (progress, logs) when a call
   * sends any; `json` answers with one JSON body, as platforms that may buffer an answer (API Gateway, Lambda) or
   * stop an instance once it has answered need (mid-call notifications are then dropped).
   */
  responseMode: 'auto' | 'json';
  /** The Host names it answers on once deployed (core/targets.ts's `hosts`, `{name}` filled in, custom domains added). */
  hosts: string[];
}

export type TargetModel =
  | (TargetBase & { name: 'node' | 'deno' | 'bun' })
  | (TargetBase & {
      name: 'workers';
      /** wrangler.jsonc's name: the manifest's, or server.name made a Worker name. */
      workerName: string;
      compatibilityDate: string;
      /** Host names it answers on as their origin, besides <workerName>.<account>.workers.dev. */
      customDomains: string[];
    })
  | (TargetBase & {
      name: 'vercel';
      /** vercel.json's maxDuration in seconds; null leaves Vercel's default. */
      maxDuration: number | null;
    })
  | (TargetBase & {
      name: 'lambda';
      /** The function's timeout in seconds. */
      timeout: number;
    });

export function targetsModel(m: Manifest): TargetModel[] {
  const http = m.transports?.http;
  const mode = (isObject(http) ? (http as HttpTransport).mode : undefined) ?? HTTP_DEFAULTS.mode;
  return listedTargets(m).map(({ name, index, settings }): TargetModel => {
    const lifetime = TARGETS[name].lifetime;
    const base: TargetBase = {
      index,
      lifetime,
      mode: lifetime === 'process' ? mode : 'stateless',
      responseMode: lifetime === 'process' ? 'auto' : 'json',
      hosts: [...TARGETS[name].hosts],
    };
    const text = (key: string) => (typeof settings[key] === 'string' ? (settings[key] as string) : undefined);
    const count = (key: string) => (typeof settings[key] === 'number' ? (settings[key] as number) : undefined);
    switch (name) {
      case 'workers': {
        const named = text('name') ?? workerName(m.server.name);
        const customDomains = Array.isArray(settings.customDomains) ? settings.customDomains.filter((d) => typeof d === 'string') : [];
        return {
          ...base,
          hosts: [...base.hosts.map((h) => h.replace('{name}', named)), ...customDomains],
          name,
          workerName: named,
          compatibilityDate: text('compatibilityDate') ?? WORKERS_DEFAULTS.compatibilityDate,
          customDomains,
        };
      }
      case 'vercel':
        return { ...base, name, maxDuration: count('maxDuration') ?? null };
      case 'lambda':
        return { ...base, name, timeout: count('timeout') ?? LAMBDA_DEFAULTS.timeout };
      default:
        return { ...base, name };
    }
  });
}
