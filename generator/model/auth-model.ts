// Auth and tool policies as the generated runtime takes them: defaults filled in, only known keys kept.
import { jsLiteral } from './js-literal.js';
import type { Auth, Manifest, ToolPolicy } from '../core/index.js';
import { entriesOf } from '../core/index.js';
import type { Json } from './server-model.js';

export function authModel(m: Manifest): Json | null {
  const auth: Auth | undefined = m.auth;
  if (!auth) return null;
  if (auth.type === 'oauth') {
    return {
      type: 'oauth',
      resource: auth.resource ?? '',
      authorizationServer: auth.authorizationServer ?? '',
      jwksUrl: auth.jwksUrl ?? null,
      scopesSupported: auth.scopesSupported ?? [...new Set(Object.values(toolScopes(m) ?? {}).flat())].sort(),
      ...(auth.algorithms ? { algorithms: auth.algorithms } : {}),
      ...(auth.tokenType ? { tokenType: auth.tokenType } : {}),
    };
  }
  const credentials = (auth.credentials ?? []).map((c) => ({ env: c.env, principal: c.principal ?? c.env, scopes: c.scopes ?? [] }));
  return auth.type === 'apiKey' ? { type: 'apiKey', header: auth.header ?? 'X-API-Key', credentials } : { type: 'bearer', credentials };
}

/** Required scopes per tool name, for tools that require any; null when none do. */
export function toolScopes(m: Manifest): Record<string, string[]> | null {
  const entries = entriesOf(m, 'tools').filter(([, t]) => (t.policy?.scopes?.length ?? 0) > 0);
  if (entries.length === 0) return null;
  // defineProperty: a tool may be named `__proto__`.
  const out: Record<string, string[]> = {};
  for (const [name, t] of entries) Object.defineProperty(out, name, { value: [...t.policy!.scopes!], enumerable: true });
  return out;
}

/** A tool's policy as a TypeScript literal, or null when it has none. */
export function policyLiteral(policy: ToolPolicy | undefined): string | null {
  if (!policy) return null;
  const { scopes, timeoutMs, rateLimit, maxConcurrency, maxConcurrencyPerPrincipal } = policy;
  const kept = {
    ...(scopes?.length ? { scopes } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(rateLimit ? { rateLimit: { requests: rateLimit.requests, windowMs: rateLimit.windowMs } } : {}),
    ...(maxConcurrency !== undefined ? { maxConcurrency } : {}),
    ...(maxConcurrencyPerPrincipal !== undefined ? { maxConcurrencyPerPrincipal } : {}),
  };
  return Object.keys(kept).length ? jsLiteral(kept) : null;
}
