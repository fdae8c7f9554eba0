// Loopback by parsing, not by spelling. mcp-gen's validation imports this same file, so the generator and the
// generated server agree on what loopback is.
import { BlockList, isIP } from 'node:net';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * A hostname the way the SDK's Host and Origin validators see one (they parse with URL): `127.1` becomes
 * `127.0.0.1`, `0:0:0:0:0:0:0:1` becomes `[::1]`, `LOCALHOST` becomes `localhost`. Undefined when it does not parse.
 */
export function canonicalHost(host: string): string | undefined {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  try {
    return new URL(`http://${isIP(bare) === 6 ? `[${bare}]` : bare}`).hostname;
  } catch {
    return undefined;
  }
}

/** Loopback by parsing, not by spelling: all of 127.0.0.0/8, ::1 however written, IPv4-mapped forms, `localhost`. */
export function isLoopback(host: string): boolean {
  const name = canonicalHost(host);
  if (name === undefined) return false;
  if (name === 'localhost') return true;
  const bare = name.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(bare);
  // BlockList matches IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) against the IPv4 subnet too.
  return family !== 0 && LOOPBACK.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}
