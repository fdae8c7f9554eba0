// The floor: a JSON-RPC echo on bare node:http (and newline-delimited stdio) with no MCP machinery at all. It answers
// initialize, server/discover, tools/list and tools/call with fixed shapes, takes notifications silently, and checks
// nothing: what any server must spend at least to read a request and write an answer.
import { createServer } from 'node:http';
import { createInterface } from 'node:readline';

const tools = [{ name: 'echo', description: 'Repeat the text', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } }];
const info = { name: 'raw', version: '1.0.0' };

function answer(message, modern = false) {
  if (message.id === undefined) return undefined;
  const { method, params } = message;
  const result =
    method === 'tools/call'
      ? { content: [{ type: 'text', text: params.arguments.text }] }
      : method === 'tools/list'
        ? { tools }
        : method === 'initialize' || method === 'server/discover'
          ? { protocolVersion: params?.protocolVersion ?? '2025-11-25', supportedVersions: ['2025-11-25', '2026-07-28'], capabilities: { tools: {} }, serverInfo: info }
          : {};
  // 2026-07-28 results say they are complete (no input required).
  return { jsonrpc: '2.0', id: message.id, result: modern ? { ...result, resultType: 'complete' } : result };
}

if (process.argv.includes('http')) {
  const http = createServer((req, res) => {
    // No standalone stream, no session to end: a client's GET and DELETE get 405, as the spec allows.
    if (req.method !== 'POST') return void res.writeHead(405, { allow: 'POST' }).end();
    const chunks = [];
    req.on('data', (c) => chunks.push(c)).on('end', () => {
      const modern = req.headers['mcp-protocol-version'] === '2026-07-28';
      const reply = answer(JSON.parse(Buffer.concat(chunks).toString('utf8')), modern);
      if (!reply) return void res.writeHead(202).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
    });
  }).listen(0, '127.0.0.1', () => console.error(`serving MCP at http://127.0.0.1:${http.address().port}/mcp`));
  process.on('SIGTERM', () => http.close(() => process.exit(0)));
} else {
  createInterface({ input: process.stdin }).on('line', (line) => {
    const reply = answer(JSON.parse(line));
    if (reply) process.stdout.write(`${JSON.stringify(reply)}\n`);
  });
}
