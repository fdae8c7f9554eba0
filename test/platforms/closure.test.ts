// What each platform's entry loads: its bundle (as the platform's tools make it) pulls in none of the node entry's
// files nor a package that cannot load there. Node's http server, the command line, stdio and the development tools
// are the node entry's alone, and so is the shared store's client in a project without scale.store (with it, the
// Vercel and Lambda entries load it too: they run on Node, and test/platforms/lambda-vercel.test.ts serves it); on workerd, neither pino's file and worker-thread
// writers nor AJV (which compiles code, which workerd forbids) are loaded either. Deno, Bun, Vercel's Node runtime
// and Lambda load pino's Node build, whose worker-thread transport they can run.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleEntry, type PlatformTarget } from '../support/platform-bundle.js';
import { weatherProject } from '../support/platform-checks.js';
import { ensurePlatformRuntimes } from '../support/platform-runtimes.js';

const NODE_ENTRY_ONLY = /runtime\/(http|node-request|serve|cli|stdio|shutdown|sse|websocket|store-[a-z]+|telemetry|mock)\.gen\.ts$/;
const NODE_ONLY_PACKAGES = /node_modules\/(proxy-addr|ioredis|ws|pino-pretty|@opentelemetry|json-schema-faker)\//;

let dir: string;

beforeAll(() => {
  ensurePlatformRuntimes();
  dir = weatherProject().dir;
}, 180_000);

describe.each(['workers', 'deno', 'bun', 'vercel', 'lambda'] as PlatformTarget[])('%s entry', (target) => {
  it("bundles without the node entry's files or Node-only packages", async () => {
    const bundle = await bundleEntry(dir, target);
    expect(bundle.inputs.some((i) => i.endsWith(`src/generated/${target}.gen.ts`))).toBe(true);
    expect(bundle.inputs.filter((i) => NODE_ENTRY_ONLY.test(i) || NODE_ONLY_PACKAGES.test(i))).toEqual([]);
    if (target !== 'workers') return;
    // On workerd: pino's console build, the SDK's workerd validator and shims, and no module that needs a Node server.
    expect(bundle.inputs.some((i) => i.endsWith('node_modules/pino/browser.js'))).toBe(true);
    expect(bundle.inputs.some((i) => /node_modules\/(sonic-boom|thread-stream|ajv)\//.test(i))).toBe(false);
    expect(bundle.inputs.some((i) => /cfWorkerProvider|shimsWorkerd/.test(i))).toBe(true);
    const code = readFileSync(bundle.file, 'utf8');
    expect(code).not.toMatch(/["']node:(http|net|worker_threads|fs|async_hooks)["']/);
  });
});
