// A POST's JSON-RPC body, read once for both eras: its media type, its size (refused before reading past the limit),
// its JSON, and the era it is for (the MCP-Protocol-Version header and the `_meta` envelope claim, classified by the
// SDK once).
import {
  classifyInboundRequest,
  isJsonContentType,
  ProtocolErrorCode,
  readRequestBody,
} from '@modelcontextprotocol/server';
import { rpcError } from './fetch-answers.gen.js';
import { BATCH_REFUSED, batchesServed } from './limits.gen.js';

/** A body as read: its text, or past the limit (what the SDK's readRequestBody answers). */
export type BodyRead = { tooLarge: true } | { tooLarge: false; text: string };

/** Reads a body up to `maxBytes`; undefined: from `request.body`. */
export type BodyReader = ((maxBytes: number) => Promise<BodyRead>) | undefined;

/**
 * The parsed body of an MCP POST, or the answer that refuses it: 415 for another media type, 413 (and the connection
 * closed: the rest is never read) past `maxBytes`, 400 with -32700 for a body that is not JSON.
 */
export async function readJsonBody(
  request: Request,
  maxBytes: number,
  read: BodyReader,
): Promise<Response | { body: unknown }> {
  if (!isJsonContentType(request.headers.get('content-type')))
    return rpcError(415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
  const got = await (read ? read(maxBytes) : readRequestBody(request, maxBytes));
  if (got.tooLarge)
    return rpcError(413, -32000, `Payload Too Large: body exceeds ${maxBytes} bytes`, { connection: 'close' });
  try {
    return { body: JSON.parse(got.text) };
  } catch {
    return rpcError(400, ProtocolErrorCode.ParseError, 'Parse error: request body is not valid JSON');
  }
}

/** Whether a POST's body is for the 2025 era (sessions or stateless serving) rather than 2026-07-28's handler. */
export function isLegacyPost(request: Request, body: unknown): boolean {
  const header = (name: string) => request.headers.get(name) ?? undefined;
  const route = classifyInboundRequest({
    httpMethod: 'POST',
    protocolVersionHeader: header('mcp-protocol-version'),
    mcpMethodHeader: header('mcp-method'),
    mcpNameHeader: header('mcp-name'),
    body,
  });
  return route.kind === 'legacy';
}

/**
 * Stateless serving has no session to remember a revision: a batch is served when the request's MCP-Protocol-Version
 * header names a revision that has them, and a request without one is 2025-03-26 (Streamable HTTP). Otherwise the
 * 400 that refuses it.
 */
export function statelessBatchRefusal(request: Request, body: unknown): Response | undefined {
  if (!Array.isArray(body)) return undefined;
  const revision = request.headers.get('mcp-protocol-version') ?? '2025-03-26';
  if (batchesServed(revision)) return undefined;
  return rpcError(400, ProtocolErrorCode.InvalidRequest, `Bad Request: ${BATCH_REFUSED}`);
}
