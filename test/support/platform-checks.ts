// What every platform's entry must do, whatever runs it: real SDK clients (both eras where served) against the weather
// example, a bad Host and an oversized body refused, and the auth project's token checked. A platform test supplies
// how to reach the server: a fetch function (in process, or a socket's URL through the global fetch).
import { request as httpRequest } from 'node:http';
import { connect as openSocket } from 'node:net';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { expect } from 'vitest';
import { type Era, UI_CAPABILITIES } from './project.js';
export { authProject, TOKEN, weatherProject } from './platform-projects.js';
import { TOKEN } from './platform-projects.js';

export type Fetch = (url: string | URL | Request, init?: RequestInit) => Promise<Response>;

export async function connect(
  url: string,
  era: Era,
  fetch?: Fetch,
  headers: Record<string, string> = {},
  capabilities: object = {},
): Promise<Client> {
  const client = new Client(
    { name: `platform-${era}`, version: '1.0.0' },
    { capabilities, versionNegotiation: { mode: era === 'modern' ? 'auto' : 'legacy' } },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { ...(fetch && { fetch }), requestInit: { headers } }));
  return client;
}

/** The weather server's surface through one client: tools, a structured and an error result, a resource, a prompt. */
export async function exerciseWeather(client: Client, era: Era, manifest: any, sessions = true): Promise<void> {
  if (era === 'modern') expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
  else expect(client.getNegotiatedProtocolVersion()).toMatch(/^2025-/);
  // A client that renders no MCP Apps views is listed the tools for the model only (exerciseViews covers the rest).
  // A 2025-era request served without a session carries no capabilities: the server cannot tell, and lists them all.
  const { tools } = await client.listTools();
  const unknown = era === 'legacy' && !sessions;
  const forModel = Object.entries<any>(manifest.tools).filter(([, t]) => unknown || (t.ui?.visibility?.includes('model') ?? true));
  expect(tools.map((t) => t.name)).toEqual(forModel.map(([name]) => name));
  expect(tools.some((t) => t._meta?.ui)).toBe(unknown);
  expect(tools[0].inputSchema).toEqual(manifest.tools.get_forecast.inputSchema);
  const result = await client.callTool({ name: 'get_forecast', arguments: { city: 'Tokyo', days: 2, units: 'imperial' } });
  expect(result.isError).toBeFalsy();
  expect(result.structuredContent).toEqual({
    city: 'Tokyo',
    units: 'imperial',
    days: [
      { date: '2026-01-01', summary: 'Clear', high: 68, low: 55 },
      { date: '2026-01-02', summary: 'Humid', high: 70, low: 54 },
    ],
  });
  const invalid = await client.callTool({ name: 'get_forecast', arguments: { city: 'Tokyo', days: 99 } });
  expect(invalid.isError).toBe(true);
  expect(JSON.stringify(invalid.content)).toMatch(/Input validation error/);
  const unknownCity = await client.callTool({ name: 'get_forecast', arguments: { city: 'Atlantis' } });
  expect(unknownCity).toMatchObject({
    isError: true,
    content: [{ type: 'text', text: expect.stringMatching(/No forecast for Atlantis/) }],
  });
  const cities = await client.readResource({ uri: 'weather://cities' });
  expect(cities.contents).toEqual([{ uri: 'weather://cities', mimeType: 'text/plain', text: manifest.resources.supported_cities.text }]);
  const current = await client.readResource({ uri: 'weather://Lima/current' });
  expect(current.contents[0]).toMatchObject({ text: 'Lima: Coastal fog, 22°C' });
  const prompt = await client.getPrompt({ name: 'plan_trip', arguments: { city: 'Paris', days: '3' } });
  expect(prompt.messages[0].content).toEqual({
    type: 'text',
    text: 'I am travelling to Paris for 3 days. Check the forecast with get_forecast and suggest what to pack.',
  });
}

/**
 * The weather view through a host that renders views: every tool listed with its `_meta.ui`, and the view's HTML read
 * as the platform carries it (files, or the Worker's bundle).
 */
export async function exerciseViews(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools.map((t) => [t.name, t._meta?.ui])).toEqual([
    ['get_forecast', { resourceUri: 'ui://weather/forecast_view', visibility: ['model', 'app'] }],
    ['refresh_forecast', { resourceUri: 'ui://weather/forecast_view', visibility: ['app'] }],
  ]);
  const view = await client.readResource({ uri: 'ui://weather/forecast_view' });
  expect(view.contents[0]).toMatchObject({ uri: 'ui://weather/forecast_view', mimeType: 'text/html;profile=mcp-app' });
  expect((view.contents[0] as { text: string }).text).toMatch(/^<!doctype html>/i);
}

/**
 * Both eras on one server, each with its own client, and again as a host that renders views. `sessions`: whether the
 * target keeps 2025-era sessions (deno, bun) or serves each 2025-era request on its own (workers, vercel, lambda).
 */
export async function exerciseBothEras(url: string, manifest: any, fetch?: Fetch, sessions = true): Promise<void> {
  for (const era of ['modern', 'legacy'] as const) {
    const client = await connect(url, era, fetch);
    try {
      await exerciseWeather(client, era, manifest, sessions);
    } finally {
      await client.close();
    }
    const host = await connect(url, era, fetch, {}, UI_CAPABILITIES);
    try {
      await exerciseViews(host);
    } finally {
      await host.close();
    }
  }
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** A raw initialize POST. */
export function initialize(url: string, headers: Record<string, string> = {}): Request {
  return new Request(url, { method: 'POST', headers: { ...MCP_HEADERS, ...headers }, body: INITIALIZE });
}

/** A POST past the default 4 MiB body limit: a valid JSON-RPC request padded with a long string. */
export function oversized(url: string, headers: Record<string, string> = {}): Request {
  return new Request(url, { method: 'POST', headers: { ...MCP_HEADERS, ...headers }, body: oversizedBody() });
}

function oversizedBody(): string {
  const padding = 'x'.repeat(4 * 1024 * 1024 + 1024);
  return JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: { padding } } });
}

/**
 * The status a server on a socket answers the oversized POST with, sent as curl sends a large body: headers with
 * `Expect: 100-continue`, the body after the server's 100 (or a second without an answer). A server that refuses the
 * body from its Content-Length answers at once and closes, before any of it is sent.
 */
export function postOversized(url: string): Promise<number> {
  const { hostname, port, pathname } = new URL(url);
  const body = Buffer.from(oversizedBody());
  return new Promise((resolve, reject) => {
    let head = '';
    let sent = false;
    const send = () => {
      if (sent) return;
      sent = true;
      socket.write(body, () => undefined);
    };
    const socket = openSocket(Number(port), hostname, () => {
      socket.write(
        `POST ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
          `Accept: application/json, text/event-stream\r\nContent-Length: ${body.length}\r\n` +
          'Expect: 100-continue\r\nConnection: close\r\n\r\n',
      );
      setTimeout(send, 1000);
    });
    socket.on('data', (chunk) => {
      head += chunk.toString('latin1');
      for (const [, status] of head.matchAll(/HTTP\/1\.1 (\d{3})[^\r]*\r\n/g)) {
        if (status === '100') continue;
        resolve(Number(status));
        socket.destroy();
        return;
      }
      if (head.includes('HTTP/1.1 100')) send();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => reject(new Error(`no status line before the connection closed: ${JSON.stringify(head)}`)));
  });
}

/** The refusal of a foreign Host or Origin (the SDK's DNS-rebinding answer). */
export async function expectForeign(response: Response, what: RegExp): Promise<void> {
  expect(response.status).toBe(403);
  expect(await response.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000, message: expect.stringMatching(what) } });
}

/** The auth project: no token 401, a wrong one 401, the right one serves the caller's principal. */
export async function exerciseAuth(url: string, send: Fetch): Promise<void> {
  const none = await send(initialize(url));
  expect(none.status).toBe(401);
  expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
  const wrong = await send(initialize(url, { authorization: `Bearer ${TOKEN}x` }));
  expect(wrong.status).toBe(401);
  for (const era of ['modern', 'legacy'] as const) {
    const client = await connect(url, era, send, { authorization: `Bearer ${TOKEN}` });
    try {
      const result = await client.callTool({ name: 'whoami', arguments: {} });
      expect(result.content).toEqual([{ type: 'text', text: 'ops' }]);
    } finally {
      await client.close();
    }
  }
}

/** An initialize POST with the given Host header, over a real socket: the status answered. */
export function postWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  const body = initializeBody();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: 'POST', headers: { ...MCP_HEADERS, host, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function initializeBody(): string {
  return INITIALIZE;
}
