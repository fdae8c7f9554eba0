// Unauthenticated callers told apart by their address, so that each has its own sessions, streams, tasks, rate limits
// and share of what all callers share. The address is the adapter's to give (FetchInfo.remoteAddress): Node reads the
// connection's, past the proxies it trusts (node-request.gen.ts); a platform gives the client's. ipaddr.js is plain
// JavaScript: this runs on every runtime.
import ipaddr from 'ipaddr.js';

/** The principal of a caller without credentials at `address` (see principalOf in limits.gen.ts). */
export const anonymousPrincipal = (address: string | undefined): string => addressPrincipal(address) ?? 'anonymous';

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
