// The same echo tool on tmcp, written the way its READMEs show it: valibot for the input, the HTTP transport behind
// Node's http server through @remix-run/node-fetch-server, the stdio transport otherwise. `http` as argument serves
// Streamable HTTP on a free 127.0.0.1 port and prints its URL on stderr.
import { createServer } from 'node:http';
import { ValibotJsonSchemaAdapter } from '@tmcp/adapter-valibot';
import { McpServer } from 'tmcp';
import * as v from 'valibot';

const server = new McpServer(
  { name: 'tmcp', version: '1.0.0', description: 'echo' },
  { adapter: new ValibotJsonSchemaAdapter(), capabilities: { tools: {} } },
);
server.tool(
  { name: 'echo', description: 'Repeat the text', schema: v.object({ text: v.string() }) },
  async ({ text }) => ({ content: [{ type: 'text', text }] }),
);

if (process.argv.includes('http')) {
  const { HttpTransport } = await import('@tmcp/transport-http');
  const { createRequestListener } = await import('@remix-run/node-fetch-server');
  const transport = new HttpTransport(server, { path: '/mcp' });
  const http = createServer(
    createRequestListener(async (request) => (await transport.respond(request)) ?? new Response(null, { status: 404 })),
  ).listen(0, '127.0.0.1', () => console.error(`serving MCP at http://127.0.0.1:${http.address().port}/mcp`));
  process.on('SIGTERM', () => http.close(() => process.exit(0)));
} else {
  const { StdioTransport } = await import('@tmcp/transport-stdio');
  new StdioTransport(server).listen();
}
