// The server card: a static description of this server (name, version, description, the public endpoint) that
// clients and crawlers read before connecting. Shape and headers follow the draft SEP-2127 ("MCP Server Cards",
// modelcontextprotocol/modelcontextprotocol pull request 2127, developed in experimental-ext-server-card); the draft
// may still change. It is public metadata by design: no credential, no tool list (the draft leaves primitives to
// the protocol's list operations). The HTTP server serves it behind its Host and Origin checks, before auth.
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';

/** The draft's media type, sent when the client asks for it; anyone else gets application/json. */
const CARD_MEDIA_TYPE = 'application/mcp-server+json';
// The draft: any origin may read a card (it holds only public metadata), with GET; caches may keep it an hour.
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET',
  'access-control-allow-headers': 'Content-Type',
};
const CACHE_CONTROL = 'public, max-age=3600';
// The stateless revision the HTTP endpoint serves through createMcpHandler. The SDK's SUPPORTED_PROTOCOL_VERSIONS
// lists only the revisions of the initialize handshake, and it exports no list of the stateless ones.
const STATELESS_REVISION = '2026-07-28';

export interface ServerCardEndpoint {
  /** The answer when `pathname` is a card location; undefined leaves the request to the MCP endpoint. */
  serve(request: Request, pathname: string): Promise<Response> | undefined;
}

/**
 * The locations served: the draft's reserved `<endpoint>/server-card`, and the .well-known names of its earlier text.
 */
export function serverCardPaths(mcpPath: string): string[] {
  return [
    `${mcpPath.replace(/\/+$/, '')}/server-card`,
    '/.well-known/mcp/server-card',
    '/.well-known/mcp/server-card.json',
  ];
}

export function serverCardEndpoint(card: Readonly<Record<string, unknown>>, mcpPath: string): ServerCardEndpoint {
  const body = JSON.stringify(withProtocolVersions(card));
  const length = String(new TextEncoder().encode(body).byteLength);
  let etag: Promise<string> | undefined;
  const paths = new Set(serverCardPaths(mcpPath));
  return {
    serve(request, pathname) {
      if (!paths.has(pathname)) return undefined;
      // A strong validator: the card changes only with the manifest (or the SDK's protocol list), i.e. on a new build.
      etag ??= strongTag(body);
      return answer(request, body, length, etag);
    },
  };
}

async function answer(request: Request, body: string, length: string, tag: Promise<string>): Promise<Response> {
  if (request.method === 'OPTIONS')
    return new Response(null, { status: 204, headers: { ...CORS, 'access-control-max-age': '86400' } });
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const headers = { ...CORS, allow: 'GET, HEAD, OPTIONS', 'content-type': 'application/json' };
    return new Response(JSON.stringify({ error: 'Method Not Allowed' }), { status: 405, headers });
  }
  const etag = await tag;
  const headers = {
    ...CORS,
    'cache-control': CACHE_CONTROL,
    etag,
    vary: 'Accept',
    'content-type': accepts(request, CARD_MEDIA_TYPE) ? CARD_MEDIA_TYPE : 'application/json',
    'x-content-type-options': 'nosniff',
  };
  if (matches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  return new Response(request.method === 'HEAD' ? null : body, {
    status: 200,
    headers: { ...headers, 'content-length': length },
  });
}

/** The SHA-256 of `body`, base64url, quoted: Web Crypto's, which every runtime has. */
async function strongTag(body: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body)));
  const base64 = btoa(String.fromCharCode(...digest));
  return `"${base64.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')}"`;
}

/** Each remote says which protocol revisions it speaks: the handshake's (from the SDK) and the stateless one. */
function withProtocolVersions(card: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const remotes = Array.isArray(card.remotes) ? card.remotes : undefined;
  if (!remotes) return { ...card };
  const supportedProtocolVersions = [...new Set([...SUPPORTED_PROTOCOL_VERSIONS, STATELESS_REVISION])].sort();
  return { ...card, remotes: remotes.map((r: Record<string, unknown>) => ({ ...r, supportedProtocolVersions })) };
}

function accepts(request: Request, mediaType: string): boolean {
  return (request.headers.get('accept') ?? '')
    .split(',')
    .some((part) => part.split(';', 1)[0].trim().toLowerCase() === mediaType);
}

function matches(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
