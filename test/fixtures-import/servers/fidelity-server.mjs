#!/usr/bin/env node
// A dependency-free MCP server over stdio (newline-delimited JSON-RPC, 2025-era handshake) publishing what real
// servers publish and an import must reproduce exactly: tools with `execution`, keys of its own inside
// `annotations` (the spec leaves ToolAnnotations open), icons with extra keys, descriptions with whitespace-only
// lines, trailing spaces, tabs and CRLF, prompt arguments with titles and with `required` left out.
import { createInterface } from 'node:readline';

const tools = [
  {
    name: 'browser_navigate',
    title: 'Navigate',
    description: 'Navigate to a URL and return the page.\n \n**Best for** reading a page once.\n\t\nTrailing space here: \nEnd.',
    inputSchema: { type: 'object', properties: { url: { type: 'string', description: 'The URL to open ' } }, required: ['url'], additionalProperties: false },
    annotations: { title: 'Navigate to a URL', readOnlyHint: false, destructiveHint: true, openWorldHint: true, 'x-browser/capability': 'core', 'x-browser/cost': { tokens: 3, cached: false } },
    execution: { taskSupport: 'optional' },
  },
  {
    name: 'long_job',
    description: 'Runs a long job.\r\nOnly as a task.\n  \n',
    inputSchema: { type: 'object' },
    execution: { taskSupport: 'required' },
    icons: [{ src: 'data:image/png;base64,iVBORw0KGgo=', mimeType: 'image/png', 'x-dpi': 2 }],
  },
  {
    name: 'quick',
    description: ' Leading space, and a lone line separator\u2028inside.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true, idempotentHint: true, vendorHint: null },
    execution: { taskSupport: 'forbidden' },
  },
];

const resources = [
  { uri: 'mem://notes', name: 'notes', description: 'Notes.\n \n', annotations: { audience: ['assistant'], 'x-tier': 'gold' } },
];

const resourceTemplates = [
  { uriTemplate: 'mem://notes/{id}', name: 'note', title: 'Note', annotations: { priority: 0.5, 'x-k': [1] } },
];

const prompts = [
  {
    name: 'summarize',
    title: 'Summarize',
    description: 'Summarize a text.\n\t \nKeep it short.',
    arguments: [
      { name: 'text', title: 'Text', description: 'What to summarize', required: true },
      { name: 'tone', title: 'Tone' },
      { name: 'length', description: 'Sentences', required: false },
    ],
  },
];

const handlers = {
  initialize: (params) => ({
    protocolVersion: params.protocolVersion,
    capabilities: { tools: { listChanged: true }, resources: { listChanged: true }, prompts: { listChanged: true }, logging: {} },
    serverInfo: { name: 'fidelity-server', version: '0.9.0', title: 'Fidelity' },
  }),
  ping: () => ({}),
  'tools/list': () => ({ tools }),
  'resources/list': () => ({ resources }),
  'resources/templates/list': () => ({ resourceTemplates }),
  'prompts/list': () => ({ prompts }),
};

const rl = createInterface({ input: process.stdin });
rl.on('line', (line) => {
  if (!line.trim()) return;
  const msg = JSON.parse(line);
  if (msg.id === undefined) return; // notifications
  const handler = handlers[msg.method];
  const reply = handler
    ? { jsonrpc: '2.0', id: msg.id, result: handler(msg.params ?? {}) }
    : { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: `Method not found: ${msg.method}` } };
  process.stdout.write(JSON.stringify(reply) + '\n');
});
rl.on('close', () => process.exit(0));
