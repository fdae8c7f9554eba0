// The test host of MCP Apps (test/support/apps-host/) in headless Chromium, against a small server written here on the
// SDK with ext-apps' server helpers, serving the starter view as `npm run build:views` builds it (dist/ui/<view>.html,
// where the generated server will read it). In both eras the host calls the tool, renders the view in the sandbox
// with its CSP, passes it the tool's input and result, and lets it call an app-only tool and nothing the model alone
// may call; a view that throws, or never connects, is reported instead of a blank frame.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppsHost, buildCsp, launchChromium, type OpenedView, openView, startAppsHost } from '../support/apps-host/index.js';
import { buildViews, viewsProject } from '../support/views-project.js';

const SERVER = `// The server under test: hand-written on the SDK, serving the built view where the generated server will.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { createMcpHandler, fromJsonSchema, McpServer } from '@modelcontextprotocol/server';
import { EXTENSION_ID, RESOURCE_MIME_TYPE, registerAppResource, registerAppTool } from '@modelcontextprotocol/ext-apps/server';

const calls = [];
let origin = '';
const city = fromJsonSchema({ type: 'object', properties: { city: { type: 'string', minLength: 1 }, days: { type: 'integer' } }, required: ['city'] });
const forecast = (city, summary) => ({
  city, units: 'metric',
  days: [{ date: '2026-12-01', summary, high: 21, low: 12 }, { date: '2026-12-02', summary: 'Rain', high: 14.5, low: 9 }],
});
const html = {
  forecast_view: () => readFileSync('dist/ui/forecast_view.html', 'utf8'),
  broken_view: () => '<!doctype html><p>broken</p><script>throw new Error("view exploded during start-up")</script>',
  silent_view: () => '<!doctype html><p id="silent">a view that never connects</p>',
  probe_view: () => '<!doctype html><p id="probe">probe</p>',
};
const csp = { probe_view: () => ({ connectDomains: [origin] }) };

function buildServer() {
  const server = new McpServer({ name: 'apps-test', version: '1.0.0' },
    { capabilities: { extensions: { [EXTENSION_ID]: { mimeTypes: [RESOURCE_MIME_TYPE] } } } });
  const view = (name) => 'ui://apps-test/' + name;
  registerAppTool(server, 'get_forecast', { inputSchema: city, _meta: { ui: { resourceUri: view('forecast_view') } } }, async (input) => {
    calls.push('get_forecast');
    const out = forecast(input.city, 'Sunny');
    return { content: [{ type: 'text', text: 'Sunny in ' + input.city }], structuredContent: out };
  });
  registerAppTool(server, 'refresh_forecast', { inputSchema: city, _meta: { ui: { resourceUri: view('forecast_view'), visibility: ['app'] } } }, async (input) => {
    calls.push('refresh_forecast');
    return { content: [{ type: 'text', text: 'Refreshed' }], structuredContent: forecast(input.city, 'Refreshed') };
  });
  registerAppTool(server, 'model_only', { _meta: { ui: { resourceUri: view('forecast_view'), visibility: ['model'] } } }, async () => {
    calls.push('model_only');
    return { content: [{ type: 'text', text: 'model_only ran' }] };
  });
  for (const name of ['broken_view', 'silent_view', 'probe_view'])
    registerAppTool(server, 'show_' + name, { _meta: { ui: { resourceUri: view(name) } } }, async () => ({ content: [{ type: 'text', text: name }] }));
  for (const name of Object.keys(html)) {
    const meta = () => ({ ui: { prefersBorder: true, ...(csp[name] ? { csp: csp[name]() } : {}) } });
    registerAppResource(server, name, view(name), { _meta: meta() }, async () => ({
      contents: [{ uri: view(name), mimeType: RESOURCE_MIME_TYPE, text: html[name](), _meta: meta() }],
    }));
  }
  return server;
}

const handler = createMcpHandler(() => buildServer(), { legacy: 'stateless', responseMode: 'json' });
// Node's request as a web Request for the SDK's handler, and its Response streamed back.
async function mcp(req, res) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks);
  const response = await handler.fetch(new Request('http://' + req.headers.host + req.url, { method: req.method, headers: req.headers, body }));
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (response.body) for await (const chunk of response.body) res.write(chunk);
  res.end();
}
const http = createServer((req, res) => {
  const path = new URL(req.url, 'http://x').pathname;
  if (path === '/mcp') return mcp(req, res);
  res.setHeader('access-control-allow-origin', '*');
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(path === '/calls' ? calls : { pong: true }));
});
http.listen(0, '127.0.0.1', () => {
  origin = 'http://127.0.0.1:' + http.address().port;
  console.error('listening on ' + origin + '/mcp');
});
`;

let dir: string;
let server: ChildProcess;
let serverUrl: string;
let host: AppsHost;
let browser: Browser;

async function serverCalls(): Promise<string[]> {
  return (await fetch(new URL('/calls', serverUrl))).json() as Promise<string[]>;
}

beforeAll(async () => {
  // Chromium starts while the project is generated and its view built.
  const launched = launchChromium();
  dir = await viewsProject({ contracts: false });
  const built = buildViews(dir);
  expect(built.code, built.stderr).toBe(0);
  writeFileSync(join(dir, 'app-server.mjs'), SERVER);
  server = spawn(process.execPath, ['app-server.mjs'], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  serverUrl = await new Promise<string>((resolve, reject) => {
    let err = '';
    server.stderr!.on('data', (c: Buffer) => {
      err += c.toString();
      const m = /listening on (\S+)/.exec(err);
      if (m) resolve(m[1]);
    });
    server.once('exit', (code) => reject(new Error(`server exited ${code}: ${err}`)));
  });
  [host, browser] = await Promise.all([startAppsHost(serverUrl), launched]);
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  server?.kill();
});

/**
 * The view's own frame sends tools/call itself, as a view that bypasses its App would: the host refuses a tool whose
 * visibility lacks `app` (and one it does not know), and serves the app-only one.
 */
async function viewCallsDirectly(opened: OpenedView): Promise<void> {
  const call = (name: string) =>
    opened.viewFrame().evaluate(
      (tool) =>
        new Promise<{ result?: { isError?: boolean; content?: { text?: string }[] } }>((resolve) => {
          const id = Math.floor(Math.random() * 1e9);
          addEventListener('message', (e) => e.data?.id === id && resolve(e.data));
          parent.postMessage({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: tool, arguments: { city: 'Oslo' } } }, '*');
        }),
      name,
    );
  const refused = await call('model_only');
  expect(refused.result).toMatchObject({ isError: true, content: [{ text: 'tool model_only is not available to views' }] });
  expect((await call('no_such_tool')).result?.isError).toBe(true);
  expect((await call('refresh_forecast')).result?.isError).toBeFalsy();
  expect(await serverCalls()).not.toContain('model_only');
  expect((await opened.refresh()).appCalls).toEqual([
    { name: 'model_only', allowed: false },
    { name: 'no_such_tool', allowed: false },
    { name: 'refresh_forecast', allowed: true },
  ]);
}

describe.each(['legacy', 'modern'] as const)('the %s era', (era) => {
  it('renders the view with the tool input and result, and lets it call the app-only tool through the host, and no tool the model alone may call', async () => {
    const opened = await openView(browser, host, { tool: 'get_forecast', input: { city: 'Paris', days: 2 }, era });
    try {
      const { report } = opened;
      expect(report.outcome, report.events.join('\n')).toBe('initialized');
      expect(report.negotiated).toBe(era === 'legacy' ? '2025-11-25' : '2026-07-28');
      expect(report.serverExtensions).toEqual({ 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } });
      // The host lists to the model what it may see: not the app-only tool.
      expect(report.modelTools).toContain('get_forecast');
      expect(report.modelTools).not.toContain('refresh_forecast');
      expect(report.resource).toMatchObject({ uri: 'ui://apps-test/forecast_view', mimeType: 'text/html;profile=mcp-app' });
      expect(report.resource!.bytes).toBe(readFileSync(join(dir, 'dist/ui/forecast_view.html'), 'utf8').length);

      const view = opened.view;
      await expect.poll(() => view.locator('#input dd').allTextContents()).toEqual(['Paris', '2']);
      await expect.poll(() => view.locator('#result table tbody tr').count()).toBe(2);
      expect(await view.locator('#result dd').allTextContents()).toEqual(['Paris', 'metric']);
      expect(await view.locator('#result table tbody tr').first().locator('td').allTextContents()).toEqual([
        '2026-12-01',
        'Sunny',
        '21',
        '12',
      ]);
      // Numeric columns are drawn as bars, the largest value the longest.
      const bars = await view.locator('#result td.number .bar').evaluateAll((spans) => spans.map((s) => (s as HTMLElement).style.width));
      expect(bars.slice(0, 2)).toEqual(['80px', '80px']);

      if (era === 'modern') await viewCallsDirectly(opened);

      await view.getByRole('button', { name: 'Refresh forecast' }).click();
      await expect.poll(() => view.locator('#result table tbody tr').first().locator('td').nth(1).textContent()).toBe('Refreshed');
      expect((await opened.refresh()).appCalls.at(-1)).toEqual({ name: 'refresh_forecast', allowed: true });
      expect(await serverCalls()).toContain('refresh_forecast');
      expect(await serverCalls()).not.toContain('model_only');

      // The host advertised the UI extension to the server, as each era carries it.
      const ui = { mimeTypes: ['text/html;profile=mcp-app'] };
      if (era === 'legacy') {
        const init = host.requests.find((r) => r.method === 'initialize');
        expect(init?.params?.capabilities).toMatchObject({ extensions: { 'io.modelcontextprotocol/ui': ui } });
      } else {
        const call = host.requests.findLast((r) => r.method === 'tools/call');
        expect(call?.params?._meta).toMatchObject({
          'io.modelcontextprotocol/clientCapabilities': { extensions: { 'io.modelcontextprotocol/ui': ui } },
        });
      }
      const shot = await opened.screenshot(`forecast-view-${era}`);
      console.log(`screenshot: ${shot}`);
      expect(readFileSync(shot).subarray(1, 4).toString()).toBe('PNG');
      expect(opened.pageErrors).toEqual([]);
    } finally {
      await opened.close();
    }
  });
});

describe('the host', () => {
  it('reports a view that throws before it connects, with its error', async () => {
    const opened = await openView(browser, host, { tool: 'show_broken_view', era: 'modern', initTimeoutMs: 8000 });
    try {
      expect(opened.report.outcome).toBe('view error: Uncaught Error: view exploded during start-up');
      expect(opened.report.viewErrors).toEqual(['Uncaught Error: view exploded during start-up']);
      expect(opened.report.initMs).toBeLessThan(8000);
      // Chromium saw it too: the error is the view's own, not the host's.
      expect(opened.pageErrors).toEqual(['view exploded during start-up']);
      await opened.screenshot('broken-view');
    } finally {
      await opened.close();
    }
  });

  it('reports a view that never connects once its time is up', async () => {
    const opened = await openView(browser, host, { tool: 'show_silent_view', era: 'legacy', initTimeoutMs: 1000 });
    try {
      expect(opened.report.outcome).toBe('timeout');
      expect(await opened.view.locator('#silent').textContent()).toBe('a view that never connects');
    } finally {
      await opened.close();
    }
  });

  it('shows the text of the result to a host without the UI extension', async () => {
    const opened = await openView(browser, host, { tool: 'get_forecast', input: { city: 'Lima' }, era: 'modern', ui: false });
    try {
      expect(opened.report.outcome).toBe('text-only');
      expect(opened.report.result?.content?.[0]?.text).toBe('Sunny in Lima');
      expect(await opened.page.locator('iframe').count()).toBe(0);
    } finally {
      await opened.close();
    }
  });

  it("holds the view to its CSP: the origins it declares and no other, whatever the view's own page says", async () => {
    const opened = await openView(browser, host, { tool: 'show_probe_view', era: 'modern', initTimeoutMs: 500 });
    try {
      expect(opened.report.resource?.meta?.ui?.csp).toEqual({ connectDomains: [new URL(serverUrl).origin] });
      const frame = opened.viewFrame();
      const reach = (url: string) =>
        frame.evaluate(async (to) => {
          try {
            return `ok ${(await fetch(to)).status}`;
          } catch (e) {
            return `blocked: ${(e as Error).message}`;
          }
        }, url);
      expect(await reach(`${new URL(serverUrl).origin}/ping`)).toBe('ok 200');
      expect(await reach(`${host.url}/`)).toMatch(/^blocked/);
      // A policy the view adds in its own page can only narrow the header's, never widen it.
      await frame.evaluate(() => {
        const meta = document.createElement('meta');
        meta.httpEquiv = 'Content-Security-Policy';
        meta.content = 'connect-src *';
        document.head.append(meta);
      });
      expect(await reach(`${host.url}/`)).toMatch(/^blocked/);
      // The view is a frame of another origin: the host page is out of its reach.
      expect(
        await frame.evaluate(() => {
          try {
            return String(window.top!.location.href);
          } catch (e) {
            return (e as Error).name;
          }
        }),
      ).toBe('SecurityError');
    } finally {
      await opened.close();
    }
  });
});

describe('the view CSP', () => {
  it('is the spec default without csp', () => {
    expect(buildCsp()).toBe(
      "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
        "media-src 'self' data:; connect-src 'none'; frame-src 'none'; base-uri 'none'; object-src 'none'; form-action 'none'",
    );
  });

  it('adds each declared origin to its directives', () => {
    const csp = buildCsp({
      connectDomains: ['https://api.example.com', 'wss://live.example.com'],
      resourceDomains: ['https://*.cdn.example.com'],
      frameDomains: ['https://www.youtube.com'],
      baseUriDomains: ['https://example.com'],
    });
    expect(csp).toContain("script-src 'self' 'unsafe-inline' https://*.cdn.example.com;");
    expect(csp).toContain('font-src https://*.cdn.example.com;');
    expect(csp).toContain('connect-src https://api.example.com wss://live.example.com;');
    expect(csp).toContain('frame-src https://www.youtube.com;');
    expect(csp).toContain('base-uri https://example.com;');
  });

  it('drops whatever would loosen it: keywords, wildcards, a directive smuggled in, other schemes', () => {
    const hostile = buildCsp({
      connectDomains: [
        '*',
        "'unsafe-eval'",
        'https://a.example.com; script-src *',
        'https://b.example.com https://c.example.com',
        'data:',
        'javascript:x',
        42,
      ],
      resourceDomains: 'https://not-a-list.example.com',
    });
    expect(hostile).toBe(buildCsp());
  });
});
