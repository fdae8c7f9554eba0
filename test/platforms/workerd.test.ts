// The weather example's Worker (wrangler.jsonc's main, bundled as wrangler bundles it) on workerd through miniflare,
// with the auth project's Worker beside it: real SDK clients over a loopback socket in both eras, the Worker's own
// workers.dev name accepted as Host and Origin and any other refused, an oversized body refused, and a token read
// from the Worker's bindings checked.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleEntry } from '../support/platform-bundle.js';
import {
  authProject,
  exerciseAuth,
  exerciseBothEras,
  expectForeign,
  initialize,
  postOversized,
  TOKEN,
  weatherProject,
} from '../support/platform-checks.js';
import { ensurePlatformRuntimes } from '../support/platform-runtimes.js';
import { startWorkerd, type WorkerConfig, type Workerd } from '../support/workerd.js';

const WEATHER_HOST = 'weather.acct.workers.dev';
const GUARDED_HOST = 'guarded.acct.workers.dev';
let workerd: Workerd;
let manifest: any;
let wrangler: Record<string, any>;
let mcp: string;

/** wrangler.jsonc's settings (JSON with comments), as wrangler reads them. */
function wranglerConfig(dir: string): Record<string, any> {
  const text = readFileSync(join(dir, 'wrangler.jsonc'), 'utf8');
  return JSON.parse(text.replace(/^\s*\/\/.*$/gm, ''));
}

async function worker(dir: string, routes: string[], bindings: Record<string, string> = {}): Promise<WorkerConfig> {
  const config = wranglerConfig(dir);
  expect(config.main).toBe('src/generated/workers.gen.ts');
  const bundle = await bundleEntry(dir, 'workers');
  return {
    name: config.name,
    scriptPath: bundle.file,
    compatibilityDate: config.compatibility_date,
    compatibilityFlags: config.compatibility_flags,
    bindings: { ...config.vars, ...bindings },
    routes,
  };
}

beforeAll(async () => {
  ensurePlatformRuntimes();
  const weather = weatherProject();
  manifest = weather.manifest;
  wrangler = wranglerConfig(weather.dir);
  const guarded = authProject();
  workerd = await startWorkerd(
    [await worker(weather.dir, [`${WEATHER_HOST}/*`]), await worker(guarded, [`${GUARDED_HOST}/*`], { MCP_TOKEN: TOKEN })],
    `https://${WEATHER_HOST}`,
  );
  mcp = new URL('/mcp', workerd.url).href;
}, 180_000);

afterAll(async () => {
  await workerd?.stop();
});

describe('workers: the weather example on workerd', () => {
  it('wrangler.jsonc names the Worker, its entry and a date the pinned workerd supports', () => {
    expect(wrangler).toMatchObject({ name: 'weather', compatibility_flags: ['nodejs_compat'], vars: { LOG_LEVEL: 'info' } });
    expect(wrangler.compatibility_date <= '2026-08-06').toBe(true);
  });

  it('serves both eras to real clients on its workers.dev name', async () => {
    await exerciseBothEras(mcp, manifest, undefined, false);
  });

  it('accepts a browser on its own name and refuses any other site, of the platform or not', async () => {
    expect((await fetch(initialize(mcp, { origin: `https://${WEATHER_HOST}` }))).status).toBe(200);
    for (const origin of ['https://evil.example', `https://other.acct.workers.dev`, `https://${WEATHER_HOST}.evil.example`])
      await expectForeign(await fetch(initialize(mcp, { origin })), /Invalid Origin/);
  });

  it('refuses a body past the limit with 413', async () => {
    expect(await postOversized(mcp)).toBe(413);
  });

  it('refuses a token that is not the one in its bindings, and serves the one that is', async () => {
    await workerd.upstream(`https://${GUARDED_HOST}`);
    await exerciseAuth(mcp, (input, init) => fetch(input, init));
  });

  it('refuses a Host that is not its own', async () => {
    for (const host of [`${WEATHER_HOST}.evil.example`, 'acct.workers.dev']) {
      await workerd.upstream(`https://${host}`);
      await expectForeign(await fetch(initialize(mcp)), /Invalid Host/);
    }
  });
});
