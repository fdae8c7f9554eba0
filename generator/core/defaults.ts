// Defaults of the manifest's settings, in one place. The manifest schema repeats them as `default:` for editors;
// test/generator/core/defaults.test.ts keeps the two equal.
import { isIP } from 'node:net';

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

/**
 * Whether a host name or address is this machine's loopback: `localhost`, 127.0.0.0/8 in any spelling the URL
 * parser accepts (`127.1`, `2130706433`), and ::1 however written (`0:0:0:0:0:0:0:1`, `[::1]`).
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  let normal: string;
  try {
    normal = new URL(`http://${isIP(bare) === 6 ? `[${bare}]` : bare}/`).hostname;
  } catch {
    return false;
  }
  if (normal === '[::1]') return true;
  return isIP(normal) === 4 && normal.startsWith('127.');
}
