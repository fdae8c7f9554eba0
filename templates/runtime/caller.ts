import type { IncomingMessage } from 'node:http';
import ipaddr from 'ipaddr.js';
import proxyaddr from 'proxy-addr';

/** The principal of an unauthenticated HTTP request or WebSocket upgrade (see principalOf in limits.gen.ts). */
export type CallerOf = (req: IncomingMessage) => string;

/**
 * Tells unauthenticated callers apart by their address, so that each has its own sessions, streams, tasks, rate
 * limits and share of what all callers share. The address is the connection's, unless the connection comes from a
 * proxy `trustProxy` lists (transports.http.trustProxy: addresses, CIDR ranges, or the names loopback, linklocal and
 * uniquelocal): then the client's address in X-Forwarded-For, read from the right past every trusted proxy, as
 * Express reads it (proxy-addr, its library). A header from a connection not listed is never read: any client can
 * send one. `Forwarded` (RFC 7239) is not read: a proxy that sets X-Forwarded-For passes a client's `Forwarded` on
 * untouched, so reading both would let the client choose.
 */
export function callerOf(trustProxy: readonly string[] | null | undefined): CallerOf {
  const trust = trustProxy?.length ? proxyaddr.compile([...trustProxy]) : undefined;
  return (req) => {
    const connection = req.socket.remoteAddress;
    const client = trust ? proxyaddr(req, trust) : connection;
    // An entry a trusted proxy passed on that is no address names nobody: the connection's address stands.
    return addressPrincipal(client) ?? addressPrincipal(connection) ?? 'anonymous';
  };
}

/**
 * `address:203.0.113.7`; IPv6 by its /64 (`address:2001:db8:1:2::/64`), IPv4-mapped IPv6 as IPv4. A /64 is the
 * smallest network a site is given: one client's temporary (privacy) addresses all lie in it and change daily, so a
 * narrower key would let one client be many callers. A wider one (/56, /48) would merge the customers of providers
 * that give each a /64 (mobile networks do). A caller holding many networks is still many callers: telling callers
 * apart bounds what one of them takes; authentication is what stops a distributed one.
 */
export function addressPrincipal(address: string | undefined): string | undefined {
  if (address === undefined || !ipaddr.isValid(address)) return undefined;
  const ip = ipaddr.process(address);
  if (ip.kind() === 'ipv4') return `address:${ip.toString()}`;
  const network = (ip as ipaddr.IPv6).parts.slice(0, 4);
  return `address:${new ipaddr.IPv6([...network, 0, 0, 0, 0]).toString()}/64`;
}
