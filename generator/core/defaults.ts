// Defaults of the manifest's settings, in one place. The manifest schema repeats them as `default:` for editors;
// test/generator/core/defaults.test.ts keeps the two equal.

export const HTTP_DEFAULTS = {
  host: '127.0.0.1',
  port: 3000,
  path: '/mcp',
  mode: 'stateful',
  maxBodyBytes: 4 * 1024 * 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
} as const;

/**
 * Where an HTTP server with a registry name serves its server card, before any transport sees the request. The
 * generated server computes the same list (templates/runtime/server-card.ts, serverCardPaths: it also follows
 * MCP_PATH, and loads the SDK, so the two are kept equal by test/runtime/server-card-paths.test.ts).
 */
export function serverCardPaths(mcpPath: string): string[] {
  return [`${mcpPath.replace(/\/+$/, '')}/server-card`, '/.well-known/mcp/server-card', '/.well-known/mcp/server-card.json'];
}

/** The largest file a manifest's `file:` embeds into the generated source; larger content belongs behind a handler. */
export const MAX_EMBEDDED_FILE_BYTES = 4 * 1024 * 1024;

/** Settings of a target item (`- workers: {...}`) when the manifest leaves them out. */
export const WORKERS_DEFAULTS = { compatibilityDate: '2026-07-28' } as const;
// Lambda's own default timeout is 3 s, shorter than many tool calls; 30 s is what an API Gateway HTTP API allows anyway.
export const LAMBDA_DEFAULTS = { timeout: 30 } as const;

export const SSE_DEFAULTS = { path: '/sse', messagesPath: '/messages' } as const;
export const WEBSOCKET_DEFAULTS = { path: '/ws' } as const;

/** Whether a host is this machine's loopback: the generated server's own test, so both agree. */
export { isLoopback as isLoopbackHost } from '../../templates/runtime/loopback.js';
