// The baseline: an echo server written by hand on the SDK v2, the way its guides show it. The generated server
// with the same tool is measured against this one.
import { createServer } from 'node:http';
import { localhostHostValidation, localhostOriginValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, fromJsonSchema, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

const echoInput = fromJsonSchema<{ text: string }>({ type: 'object', properties: { text: { type: 'string' } }, required: ['text'] });

function buildServer(): McpServer {
  const server = new McpServer({ name: 'hand-written', version: '1.0.0' });
  server.registerTool('echo', { description: 'Repeat the text', inputSchema: echoInput }, async ({ text }) => ({
    content: [{ type: 'text', text }],
  }));
  return server;
}

if (process.argv.includes('http')) {
  const handler = toNodeHandler(createMcpHandler(buildServer));
  const validateHost = localhostHostValidation();
  const validateOrigin = localhostOriginValidation();
  const server = createServer((req, res) => {
    if (!validateHost(req, res) || !validateOrigin(req, res)) return;
    void handler(req, res);
  }).listen(0, '127.0.0.1', () => {
    const address = server.address();
    console.error(`serving MCP at http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/mcp`);
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
} else {
  serveStdio(buildServer);
}
