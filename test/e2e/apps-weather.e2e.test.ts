// The weather example's forecast view, served by the generated server over real HTTP and rendered by the test host
// (test/support/apps-host/: headless Chromium, ext-apps' AppBridge, the sandbox proxy sending the view's CSP). In both
// eras the host calls get_forecast, reads the view's ui:// resource, renders it, passes it the tool's input and result,
// and the view's units switch calls refresh_forecast (for views only) through the host. A view that throws is
// reported, a view not built stops the server at start-up, and a client without the UI extension (the host page
// without it, and a plain SDK client) gets text only. UPDATE_SCREENSHOT=1 refreshes the README's screenshot.
import { spawnSync } from 'node:child_process';
import { appendFileSync, copyFileSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppsHost, buildCsp, launchChromium, openView, startAppsHost } from '../support/apps-host/index.js';
import { buildViewsCached, connectHttp, prepareExample, ROOT, type RunningHttp, startHttpServer } from '../support/project.js';

const UI = { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } };
const PARIS = [
  ['2026-01-01', 'Light rain', '16°C', '8°C'],
  ['2026-01-02', 'Overcast', '17°C', '7°C'],
  ['2026-01-03', 'Sunny spells', '18°C', '8°C'],
];

let dir: string;
let server: RunningHttp;
let host: AppsHost;
let browser: Browser;

beforeAll(async () => {
  // Chromium starts while the example is regenerated (nothing may change), built and its view bundled.
  const launched = launchChromium();
  dir = prepareExample('weather');
  server = await startHttpServer(dir);
  [host, browser] = await Promise.all([startAppsHost(server.url), launched]);
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await server?.stop();
});

describe.each(['legacy', 'modern'] as const)('the %s era', (era) => {
  it('renders the forecast view with the input and result of get_forecast, and its units switch calls refresh_forecast through the host', async () => {
    const opened = await openView(browser, host, { tool: 'get_forecast', input: { city: 'Paris', days: 3 }, era });
    try {
      const { report } = opened;
      expect(report.outcome, report.events.join('\n')).toBe('initialized');
      expect(report.negotiated).toBe(era === 'legacy' ? '2025-11-25' : '2026-07-28');
      expect(report.serverExtensions).toEqual(UI);
      // The tool carries the current form of _meta.ui, never the flat key; the app-only tool is kept from the model.
      expect(report.tool?._meta).toEqual({ ui: { resourceUri: 'ui://weather/forecast_view', visibility: ['model', 'app'] } });
      expect(report.modelTools).toEqual(['get_forecast']);
      expect(report.resource).toMatchObject({
        uri: 'ui://weather/forecast_view',
        mimeType: 'text/html;profile=mcp-app',
        meta: { ui: { prefersBorder: true } },
      });
      expect(report.resource!.bytes).toBe(readFileSync(join(dir, 'dist', 'ui', 'forecast_view.html'), 'utf8').length);
      // The sandbox held the view to the spec's default policy: the manifest declares no origin.
      const frameSrc = await opened.page.locator('iframe').getAttribute('src');
      const policy = (await fetch(frameSrc!)).headers.get('content-security-policy');
      expect(policy).toBe(buildCsp({}));
      // The result's text is the handler's summary, for the model and hosts without the view.
      expect(report.result?.content?.[0]?.text).toBe(
        'Paris:\n2026-01-01 Light rain, high 16°C, low 8°C\n2026-01-02 Overcast, high 17°C, low 7°C\n2026-01-03 Sunny spells, high 18°C, low 8°C',
      );

      const view = opened.view;
      await expect.poll(() => view.locator('#status').textContent()).toBe('Paris, 3 days (°C)');
      const rows = () => view.locator('#days tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
      expect(await rows()).toEqual(PARIS);
      expect(await view.locator('svg polyline').count()).toBe(2);
      expect(await view.locator('svg text.value').allTextContents()).toEqual(['16°', '17°', '18°', '8°', '7°', '8°']);
      const shot = await opened.screenshot(`weather-forecast-${era}`);
      console.log(`screenshot: ${shot}`);
      if (process.env.UPDATE_SCREENSHOT && era === 'modern')
        copyFileSync(shot, join(ROOT, 'examples', 'weather', 'docs', 'forecast-view.png'));

      await view.getByRole('button', { name: 'Show °F' }).click();
      await expect.poll(() => view.locator('#status').textContent()).toBe('Paris, 3 days (°F)');
      expect((await rows())[0]).toEqual(['2026-01-01', 'Light rain', '61°F', '46°F']);
      expect((await opened.refresh()).appCalls).toEqual([{ name: 'refresh_forecast', allowed: true }]);
      const refresh = host.requests.findLast((r) => r.params?.name === 'refresh_forecast');
      expect(refresh?.params?.arguments).toEqual({ city: 'Paris', days: 3, units: 'imperial' });
      if (era === 'modern')
        expect(refresh?.params?._meta).toMatchObject({ 'io.modelcontextprotocol/clientCapabilities': { extensions: UI } });
      expect(opened.pageErrors).toEqual([]);
      expect((await opened.refresh()).viewErrors).toEqual([]);
    } finally {
      await opened.close();
    }
  });

  it('shows a host without the UI extension the text of the result, and no view', async () => {
    const opened = await openView(browser, host, { tool: 'get_forecast', input: { city: 'Lima', days: 1 }, era, ui: false });
    try {
      expect(opened.report.outcome).toBe('text-only');
      expect(opened.report.tool?._meta).toBeUndefined();
      expect(opened.report.result?.content).toEqual([{ type: 'text', text: 'Lima:\n2026-01-01 Coastal fog, high 22°C, low 17°C' }]);
      expect(await opened.page.locator('iframe').count()).toBe(0);
    } finally {
      await opened.close();
    }
  });

  it('serves a plain SDK client text only: no view metadata, no view, no tool for views', async () => {
    const client = await connectHttp(server.url, era);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => [t.name, t._meta])).toEqual([['get_forecast', undefined]]);
      expect((await client.listResources()).resources.map((r) => r.uri)).toEqual(['weather://cities']);
      const result = await client.callTool({ name: 'get_forecast', arguments: { city: 'Tokyo', days: 1 } });
      expect(result.content).toEqual([{ type: 'text', text: 'Tokyo:\n2026-01-01 Clear, high 20°C, low 13°C' }]);
      await expect(client.callTool({ name: 'refresh_forecast', arguments: { city: 'Tokyo' } })).rejects.toThrow(
        /Tool refresh_forecast not found/,
      );
    } finally {
      await client.close();
    }
  });
});

describe('a view that fails', () => {
  it('is reported by the host with its error when it throws at start-up, not shown as a blank frame', async () => {
    const broken = prepareExample('weather');
    appendFileSync(join(broken, 'ui', 'forecast_view', 'main.ts'), "\nthrow new Error('the forecast view broke');\n");
    buildViewsCached(broken);
    const served = await startHttpServer(broken);
    const brokenHost = await startAppsHost(served.url);
    try {
      const opened = await openView(browser, brokenHost, {
        tool: 'get_forecast',
        input: { city: 'Paris' },
        era: 'modern',
        initTimeoutMs: 8000,
      });
      try {
        expect(opened.report.outcome).toBe('view error: Uncaught Error: the forecast view broke');
        expect(opened.report.viewErrors).toEqual(['Uncaught Error: the forecast view broke']);
        console.log(`screenshot: ${await opened.screenshot('weather-broken-view')}`);
      } finally {
        await opened.close();
      }
    } finally {
      await brokenHost.close();
      await served.stop();
    }
  });

  it('stops the server at start-up when it is not built, naming the view, its file and the build', () => {
    renameSync(join(dir, 'dist', 'ui'), join(dir, 'dist', 'ui-kept'));
    try {
      const r = spawnSync(process.execPath, [join(dir, 'dist', 'main.js'), '--transport', 'http', '--port', '0'], {
        cwd: dir,
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(r.status).toBe(1);
      expect(r.stderr.trim()).toBe(
        'MCP Apps view not built: forecast_view (dist/ui/forecast_view.html); run npm run build:views (npm run build runs it too), then start the server again',
      );
    } finally {
      renameSync(join(dir, 'dist', 'ui-kept'), join(dir, 'dist', 'ui'));
    }
  });
});
