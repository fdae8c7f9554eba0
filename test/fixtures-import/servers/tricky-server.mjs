#!/usr/bin/env node
// A dependency-free MCP server over stdio (newline-delimited JSON-RPC, 2025-era handshake) that publishes what
// import must carry over exactly: non-identifier names, $defs-heavy and draft-07 schemas, nullable type arrays,
// propertyNames, odd property names, icons, annotations, _meta, and every list split into pages of two.
// TRICKY_INVALID=1 adds a tool whose inputSchema is not an object schema, as some servers publish;
// TRICKY_EXTRA_FIELD=1 puts a key of the server's own on a tool itself, which a manifest entry cannot hold.
import { createInterface } from 'node:readline';

const ICON = { src: 'https://example.com/icon.png', mimeType: 'image/png', sizes: ['48x48'], theme: 'light' };

const tools = [
  {
    name: 'API-get-user',
    title: 'Get user',
    description: 'Fetch a user.\nSecond line with "quotes" and a #hash.',
    inputSchema: {
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uuid' },
        expand: { type: ['array', 'null'], items: { $ref: '#/$defs/Field' } },
        filter: { $ref: '#/$defs/Filter' },
        labels: { type: 'object', propertyNames: { pattern: '^[a-z][a-z0-9_]*$' }, additionalProperties: { type: 'integer', minimum: 0 } },
        $match: { type: 'object', additionalProperties: { type: 'string' } },
        type: { type: 'string', default: 'any' },
        function: { type: 'boolean' },
        'x-trace id': { type: ['string', 'null'] },
      },
      required: ['id'],
      additionalProperties: false,
      $defs: {
        Field: { type: 'string', enum: ['profile', 'teams', null] },
        Filter: {
          oneOf: [
            { type: 'object', properties: { kind: { const: 'eq' }, field: { type: 'string' }, value: {} }, required: ['kind', 'field', 'value'] },
            { type: 'object', properties: { kind: { const: 'and' }, all: { type: 'array', items: { $ref: '#/$defs/Filter' } } }, required: ['kind', 'all'] },
          ],
        },
        Tree: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/Tree' } } } },
      },
    },
    outputSchema: {
      type: 'object',
      properties: { user: { type: ['object', 'null'], properties: { id: { type: 'string' }, name: { type: 'string' } } } },
    },
    annotations: { title: 'User lookup', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    icons: [ICON],
    _meta: { 'example.com/owner': { team: 'identity', tags: ['a', 'b'], weight: 1.5, enabled: true, none: null } },
  },
  {
    name: 'ns.tool-v2',
    description: 'A draft-07 schema with definitions',
    inputSchema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { when: { type: 'string', format: 'date-time' }, limit: { type: 'integer', minimum: 1, maximum: 100, default: 10 }, unit: { $ref: '#/definitions/Unit' } },
      definitions: { Unit: { type: 'string', enum: ['s', 'ms'] } },
    },
    execution: { taskSupport: 'optional' },
  },
  { name: 'no_args', inputSchema: { type: 'object' }, ...(process.env.TRICKY_EXTRA_FIELD === '1' ? { 'x-vendor': { a: 1 } } : {}) },
  { name: '123-starts-with-digit', description: 'Digits first', inputSchema: { type: 'object', properties: {} } },
  ...(process.env.TRICKY_INVALID === '1'
    ? [{ name: 'list_values', description: 'Publishes an array schema', inputSchema: { type: 'array', items: { type: 'string' } } }]
    : []),
];

const resources = [
  {
    uri: 'config://app/settings.json',
    name: 'settings.json',
    title: 'Settings',
    description: 'Application settings',
    mimeType: 'application/json',
    size: 1234,
    annotations: { audience: ['user', 'assistant'], priority: 0.5, lastModified: '2025-01-01T00:00:00Z' },
    icons: [ICON],
    _meta: { 'example.com/etag': 'abc' },
  },
  { uri: 'file:///var/log/app.log', name: 'app log', mimeType: 'text/plain' },
  { uri: 'mem://blob', name: 'blob' },
];

const resourceTemplates = [
  { uriTemplate: 'users://{id}/profile{?fields}', name: 'user profile', title: 'User profile', mimeType: 'application/json', _meta: { k: 1 } },
  { uriTemplate: 'repo://{owner}/{repo}/blob/{+path}', name: 'repo-file', description: 'A file', annotations: { priority: 1 }, icons: [ICON] },
];

const prompts = [
  {
    name: 'review-code',
    title: 'Review code',
    description: 'Review a snippet',
    arguments: [
      { name: 'language', title: 'Language', description: 'Programming language', required: true },
      { name: 'style', description: 'House style', required: false },
      { name: 'focus' },
    ],
    icons: [ICON],
    _meta: { 'example.com/category': 'dev' },
  },
  { name: 'no-args', description: 'No arguments' },
];

const PAGE = 2;

function page(items, params) {
  const start = params?.cursor ? Number(params.cursor) : 0;
  const slice = items.slice(start, start + PAGE);
  const next = start + PAGE < items.length ? String(start + PAGE) : undefined;
  return { slice, ...(next ? { nextCursor: next } : {}) };
}

const handlers = {
  initialize: (params) => ({
    protocolVersion: params.protocolVersion,
    capabilities: { tools: { listChanged: false }, resources: {}, prompts: {}, completions: {} },
    serverInfo: { name: 'tricky-server', version: '1.2.3', title: 'Tricky', websiteUrl: 'https://example.com/tricky', icons: [ICON] },
    instructions: 'Use API-get-user first.\nThen anything else.',
  }),
  ping: () => ({}),
  'tools/list': (p) => { const r = page(tools, p); return { tools: r.slice, nextCursor: r.nextCursor }; },
  'resources/list': (p) => { const r = page(resources, p); return { resources: r.slice, nextCursor: r.nextCursor }; },
  'resources/templates/list': (p) => { const r = page(resourceTemplates, p); return { resourceTemplates: r.slice, nextCursor: r.nextCursor }; },
  'prompts/list': (p) => { const r = page(prompts, p); return { prompts: r.slice, nextCursor: r.nextCursor }; },
};

const rl = createInterface({ input: process.stdin });
rl.on('line', (line) => {
  if (!line.trim()) return;
  const msg = JSON.parse(line);
  if (msg.id === undefined) return; // notifications
  const handler = handlers[msg.method];
  const reply = handler
    ? { jsonrpc: '2.0', id: msg.id, result: JSON.parse(JSON.stringify(handler(msg.params ?? {}))) }
    : { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: `Method not found: ${msg.method}` } };
  process.stdout.write(JSON.stringify(reply) + '\n');
});
rl.on('close', () => process.exit(0));
