// A real MCP Apps host for the tests: headless Chromium (the Debian package, /usr/bin/chromium) driven by
// playwright-core loads a host page built on ext-apps' AppBridge from a loopback origin, which forwards /mcp to the
// server under test, and the view through a sandbox proxy on a second origin that sends the view's CSP as an HTTP
// header. Launch Chromium once per test file (about 2 s) and open each view in a page of its own.
//
//   const host = await startAppsHost('http://127.0.0.1:PORT/mcp');
//   const browser = await launchChromium();
//   const opened = await openView(browser, host, { tool: 'get_forecast', input: { city: 'Paris' }, era: 'modern' });
//   opened.report.outcome === 'initialized'; opened.view.locator('table') ...; await opened.screenshot('forecast');
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { type Browser, type BrowserContext, chromium, type Frame, type FrameLocator, type Page } from 'playwright-core';
import { linkDeps } from '../generated-deps.js';
import { ROOT } from '../project.js';
import { buildCsp } from './csp.js';

export { buildCsp } from './csp.js';

const HERE = import.meta.dirname;
export const CHROMIUM = '/usr/bin/chromium';
/** Screenshots the tests keep. */
export const ARTIFACTS = join(ROOT, '.cache', 'artifacts', 'apps');

/** A JSON-RPC message the page sent to /mcp, as the server received it (after the proxy). */
export interface RecordedRequest {
  method?: string;
  params?: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
}

export interface AppsHost {
  /** The host page's origin. */
  url: string;
  /** The sandbox proxy's origin: another port, so another origin. */
  sandboxUrl: string;
  /** Every JSON-RPC request the page sent, in order. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * Serves the host page and forwards its /mcp to `mcpUrl` (the page's client then needs no CORS from the server, as a
 * host's backend would hold the connection), and the sandbox proxy on a second port.
 */
export async function startAppsHost(mcpUrl: string): Promise<AppsHost> {
  const script = await bundleHostPage();
  const target = new URL(mcpUrl);
  const requests: RecordedRequest[] = [];
  const page = `<!doctype html><html><head><meta charset="utf-8"><title>test host</title>
<style>body{font:14px system-ui,sans-serif;margin:12px;background:#f4f5f8}pre{font-size:11px;white-space:pre-wrap}</style></head>
<body><div id="views"></div><pre id="log"></pre><script type="module" src="/host.js"></script></body></html>`;
  const hostServer = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://host').pathname;
    if (path === '/mcp') return forward(req, res, target, requests);
    if (path === '/host.js') return send(res, 200, 'text/javascript; charset=utf-8', script);
    if (path === '/') return send(res, 200, 'text/html; charset=utf-8', page);
    if (path === '/favicon.ico') return send(res, 204, 'image/x-icon', '');
    send(res, 404, 'text/plain', 'not found');
  });
  const proxy = readFileSync(join(HERE, 'sandbox.html'), 'utf8');
  const sandboxServer = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    if (url.pathname !== '/sandbox.html') return send(res, 404, 'text/plain', 'not found');
    let csp: unknown = {};
    try {
      csp = JSON.parse(url.searchParams.get('csp') ?? '{}');
    } catch {
      // Not JSON: the spec's default policy.
    }
    res.setHeader('content-security-policy', buildCsp(typeof csp === 'object' && csp !== null ? csp : {}));
    res.setHeader('cache-control', 'no-store');
    send(res, 200, 'text/html; charset=utf-8', proxy);
  });
  const [hostPort, sandboxPort] = await Promise.all([listen(hostServer), listen(sandboxServer)]);
  return {
    url: `http://127.0.0.1:${hostPort}`,
    sandboxUrl: `http://127.0.0.1:${sandboxPort}/sandbox.html`,
    requests,
    close: async () => {
      await Promise.all([close(hostServer), close(sandboxServer)]);
    },
  };
}

export function launchChromium(): Promise<Browser> {
  // playwright refuses --user-data-dir among the arguments; launch() uses a fresh temporary profile anyway.
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface OpenViewOptions {
  tool: string;
  input?: Record<string, unknown>;
  /** legacy: the 2025-11-25 handshake; modern: 2026-07-28. */
  era: 'legacy' | 'modern';
  /** Advertise the UI extension (default true); without it the host shows the tool's text. */
  ui?: boolean;
  /** How long the host waits for the view's ui/initialize (default 5000 ms). */
  initTimeoutMs?: number;
}

/** What the host page saw (window.__host). */
export interface HostReport {
  era: string;
  negotiated: string;
  serverExtensions: unknown;
  modelTools: string[];
  tool: { name: string; _meta?: Record<string, unknown> } | undefined;
  resource: { uri: string; mimeType?: string; meta?: { ui?: Record<string, unknown> }; bytes: number } | undefined;
  result: { content?: { type: string; text?: string }[]; structuredContent?: unknown; isError?: boolean } | undefined;
  outcome: string;
  initMs: number;
  viewErrors: string[];
  viewLogs: unknown[];
  appCalls: { name: string; allowed: boolean }[];
  events: string[];
}

export interface OpenedView {
  page: Page;
  report: HostReport;
  /** The view's document: host page -> sandbox proxy frame -> view frame. */
  view: FrameLocator;
  /** The view's frame, to evaluate code in it as the view. */
  viewFrame(): Frame;
  /** Uncaught exceptions of the page and its frames (the view's included). */
  pageErrors: string[];
  /** Errors the page and its frames logged to the console. */
  consoleErrors: string[];
  /** The host's state now (a view keeps reporting after it opened). */
  refresh(): Promise<HostReport>;
  /** A screenshot of the page, kept under .cache/artifacts/apps/; returns its path. */
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

// One browser context for all pages: a context of its own cost each page about a second. The pages share no state
// the host or the views keep (nothing is stored), and each has its own origins' frames.
const contexts = new WeakMap<Browser, Promise<BrowserContext>>();

/** Opens `tool` in a page of its own and waits until the host has called it and shown its view (or failed to). */
export async function openView(browser: Browser, host: AppsHost, options: OpenViewOptions): Promise<OpenedView> {
  let context = contexts.get(browser);
  if (!context) contexts.set(browser, (context = browser.newContext({ viewport: { width: 760, height: 560 } })));
  const page = await (await context).newPage();
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  const query = new URLSearchParams({
    era: options.era,
    tool: options.tool,
    input: JSON.stringify(options.input ?? {}),
    initTimeout: String(options.initTimeoutMs ?? 5000),
    sandbox: host.sandboxUrl,
    ...(options.ui === false ? { ui: '0' } : {}),
  });
  await page.goto(`${host.url}/?${query}`);
  await page.waitForFunction(() => (window as unknown as { __host?: { done: boolean } }).__host?.done, null, {
    timeout: (options.initTimeoutMs ?? 5000) + 15_000,
  });
  const refresh = () => page.evaluate(() => structuredClone((window as unknown as { __host: HostReport }).__host));
  return {
    page,
    report: await refresh(),
    view: page.frameLocator('iframe').frameLocator('iframe'),
    viewFrame: () => {
      const frame = page.frames().find((f) => f.parentFrame() !== null && f.parentFrame() !== page.mainFrame());
      if (!frame) throw new Error('no view frame');
      return frame;
    },
    pageErrors,
    consoleErrors,
    refresh,
    screenshot: async (name) => {
      mkdirSync(ARTIFACTS, { recursive: true });
      const path = join(ARTIFACTS, `${name}.png`);
      await page.screenshot({ path, fullPage: true });
      return path;
    },
    close: () => page.close(),
  };
}

/** The host page's script, bundled from a copy beside the generated projects' packages (ext-apps, the client). */
async function bundleHostPage(): Promise<string> {
  const dir = join(ROOT, '.cache', 'apps-host');
  mkdirSync(dir, { recursive: true });
  linkDeps(dir);
  writeFileSync(join(dir, 'host-page.ts'), readFileSync(join(HERE, 'host-page.ts')));
  const out = await build({
    entryPoints: [join(dir, 'host-page.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    logLevel: 'error',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return out.outputFiles[0].text;
}

/** The request body is read to record the JSON-RPC message, then sent on unchanged; the answer streams back. */
function forward(req: IncomingMessage, res: ServerResponse, target: URL, requests: RecordedRequest[]): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    try {
      const message = JSON.parse(body.toString('utf8'));
      for (const m of Array.isArray(message) ? message : [message])
        requests.push({ method: m.method, params: m.params, headers: req.headers });
    } catch {
      // A GET (the SSE stream) or a DELETE: no body.
    }
    const headers = { ...req.headers, host: target.host };
    // The server sees a request from the host's backend, not from a browser page of another origin.
    delete headers.origin;
    delete headers.referer;
    const upstream = request(
      { hostname: target.hostname, port: target.port, path: target.pathname + target.search, method: req.method, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (e) => send(res, 502, 'text/plain', e.message));
    res.on('close', () => upstream.destroy());
    upstream.end(body);
  });
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { 'content-type': type });
  res.end(body);
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
