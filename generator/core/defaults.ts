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

export const SSE_DEFAULTS = { path: '/sse', messagesPath: '/messages' } as const;
export const WEBSOCKET_DEFAULTS = { path: '/ws' } as const;

/** Whether a host is this machine's loopback: the generated server's own test, so both agree. */
export { isLoopback as isLoopbackHost } from '../../templates/runtime/loopback.js';
