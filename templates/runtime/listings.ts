import {
  type ListPromptsResult,
  type ListResourcesResult,
  type ListResourceTemplatesResult,
  type ListToolsResult,
  type McpServer,
  ProtocolError,
  ProtocolErrorCode,
} from '@modelcontextprotocol/server';

/** The definitions of definitions.gen.ts, in manifest order. */
export interface Listings {
  tools: readonly { name: string }[];
  resources: readonly object[];
  resourceTemplates: readonly object[];
  prompts: readonly { name: string }[];
}

/**
 * The list methods answer with the manifest's definitions exactly as written. The SDK builds its lists from what its
 * registration API keeps, which drops fields (a prompt argument's title, a `required` left out) and reorders keys;
 * registration still serves the calls (tools/call, resources/read, prompts/get) with its validation. Installed after
 * registration (by layers.gen.ts), for the kinds the manifest has, so capabilities stay as the SDK declared them. The
 * wire codec of each protocol revision still applies (2026-07-28 has no tool `execution`, so the SDK leaves it out).
 */
export function publishListings(server: McpServer, lists: Listings): void {
  const low = server.server;
  if (lists.tools.length > 0)
    low.setRequestHandler('tools/list', (r) => whole(r, { tools: [...lists.tools] }) as ListToolsResult);
  if (lists.resources.length > 0 || lists.resourceTemplates.length > 0) {
    low.setRequestHandler(
      'resources/list',
      (r) => whole(r, { resources: [...lists.resources] }) as ListResourcesResult,
    );
    low.setRequestHandler(
      'resources/templates/list',
      (r) => whole(r, { resourceTemplates: [...lists.resourceTemplates] }) as ListResourceTemplatesResult,
    );
  }
  if (lists.prompts.length > 0)
    low.setRequestHandler('prompts/list', (r) => whole(r, { prompts: [...lists.prompts] }) as ListPromptsResult);
}

/**
 * Every list is one page: the server hands out no `nextCursor`, so a request that sends a cursor sends one it never
 * issued, and the spec's answer to an invalid cursor is -32602 (as tasks/list answers).
 */
function whole<T>(request: { params?: { cursor?: unknown } }, result: T): T {
  if (request.params?.cursor !== undefined)
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid cursor: every list of this server is one page');
  return result;
}
