// Loopback by parsing, not by spelling. mcp-gen's validation imports this same file, so the generator and the
// generated server agree on what loopback is. The web's URL parser does the parsing: it runs on every runtime.

/** `bare` as a bracketed IPv6 hostname, the way URL writes it; undefined when it is no IPv6 address. */
function ipv6(bare: string): string | undefined {
  try {
    return new URL(`http://[${bare}]`).hostname;
  } catch {
    return undefined;
  }
}

/**
 * A hostname the way the SDK's Host and Origin validators see one (they parse with URL): `127.1` becomes
 * `127.0.0.1`, `0:0:0:0:0:0:0:1` becomes `[::1]`, `LOCALHOST` becomes `localhost`. Undefined when it does not parse.
 */
export function canonicalHost(host: string): string | undefined {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const v6 = bare.includes(':') ? ipv6(bare) : undefined;
  if (v6 !== undefined) return v6;
  try {
    return new URL(`http://${bare}`).hostname;
  } catch {
    return undefined;
  }
}

/** 127.0.0.0/8 as URL writes it: four decimal parts (URL turns every IPv4 spelling into these). */
const IPV4_LOOPBACK = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;
/** ::1, and 127.0.0.0/8 mapped into IPv6 (::ffff:7fxx:xxxx), as URL writes them. */
const IPV6_LOOPBACK = /^\[(?:::1|::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4})\]$/;

/** Loopback by parsing, not by spelling: all of 127.0.0.0/8, ::1 however written, IPv4-mapped forms, `localhost`. */
export function isLoopback(host: string): boolean {
  const name = canonicalHost(host);
  if (name === undefined) return false;
  return name === 'localhost' || IPV4_LOOPBACK.test(name) || IPV6_LOOPBACK.test(name);
}
