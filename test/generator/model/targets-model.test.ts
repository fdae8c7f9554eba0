// The server model of targets: what emission reads to write each platform's entry. A manifest without targets is
// node alone, serving both eras as before; per-request platforms serve the 2025 era without sessions and answer JSON;
// settings come with their defaults; stdio belongs to the node entry.
import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../../generator/core/index.js';
import { loadManifest } from '../../../generator/load/index.js';
import { buildServerModel } from '../../../generator/model/index.js';

const model = (yaml: string, name = 'notes') =>
  buildServerModel(loadManifest('mcp.yaml', `version: 1\nserver: {name: '${name}', version: 1.0.0}\n${yaml}`).data as Manifest, {
    manifestPath: '/virtual/mcp.yaml',
    outDir: '/virtual',
  });

const LAMBDA_HOSTS = ['*.lambda-url.*.on.aws', '*.execute-api.*.amazonaws.com'];

describe('targets model', () => {
  it('is node alone without targets, with sessions, stdio and the features as before', async () => {
    const m = await model('tools: {t: {}}\n');
    expect(m.targets).toEqual([{ name: 'node', index: 0, lifetime: 'process', mode: 'stateful', responseMode: 'auto', hosts: [] }]);
    expect(m.stdio).toBe(true);
    expect(m.defaultTransport).toBe('stdio');
    expect(m.features.on.stdio).toBe(true);
    expect(m.bundleManifestJson).not.toBeNull();
  });

  it('holds each target in the order listed, the per-request ones stateless and answering JSON, settings defaulted', async () => {
    const m = await model('targets: [lambda, node, deno, bun, workers, vercel]\n', '@Acme/Notes Server!');
    expect(m.targets).toEqual([
      { name: 'lambda', index: 0, lifetime: 'request', mode: 'stateless', responseMode: 'json', hosts: LAMBDA_HOSTS, timeout: 30 },
      { name: 'node', index: 1, lifetime: 'process', mode: 'stateful', responseMode: 'auto', hosts: [] },
      { name: 'deno', index: 2, lifetime: 'process', mode: 'stateful', responseMode: 'auto', hosts: [] },
      { name: 'bun', index: 3, lifetime: 'process', mode: 'stateful', responseMode: 'auto', hosts: [] },
      {
        name: 'workers',
        index: 4,
        lifetime: 'request',
        mode: 'stateless',
        responseMode: 'json',
        hosts: ['notes-server.*.workers.dev'],
        workerName: 'notes-server',
        compatibilityDate: '2026-07-28',
        customDomains: [],
      },
      {
        name: 'vercel',
        index: 5,
        lifetime: 'request',
        mode: 'stateless',
        responseMode: 'json',
        hosts: ['*.vercel.app'],
        maxDuration: null,
      },
    ]);
  });

  it('takes the settings written, and mode: stateless for the long-lived ones', async () => {
    const m = await model(`transports: {http: {mode: stateless}}
targets:
  - node
  - workers: {name: notes-mcp, compatibilityDate: '2026-05-01', customDomains: [mcp.example.com]}
  - vercel: {maxDuration: 60}
  - lambda: {timeout: 25}
`);
    expect(m.targets).toEqual([
      { name: 'node', index: 0, lifetime: 'process', mode: 'stateless', responseMode: 'auto', hosts: [] },
      {
        name: 'workers',
        index: 1,
        lifetime: 'request',
        mode: 'stateless',
        responseMode: 'json',
        // Its workers.dev name on any account, and its custom domains: the Host names the deployed Worker answers.
        hosts: ['notes-mcp.*.workers.dev', 'mcp.example.com'],
        workerName: 'notes-mcp',
        compatibilityDate: '2026-05-01',
        customDomains: ['mcp.example.com'],
      },
      { name: 'vercel', index: 2, lifetime: 'request', mode: 'stateless', responseMode: 'json', hosts: ['*.vercel.app'], maxDuration: 60 },
      { name: 'lambda', index: 3, lifetime: 'request', mode: 'stateless', responseMode: 'json', hosts: LAMBDA_HOSTS, timeout: 25 },
    ]);
  });

  it('leaves stdio, its runtime and its bundle out without node; HTTP is then the default transport', async () => {
    const m = await model('targets: [workers]\nbundle: {author: {name: Ada}}\n');
    expect(m.stdio).toBe(false);
    expect(m.defaultTransport).toBe('http');
    expect(m.features.on.stdio).toBe(false);
    expect(m.packages.devDependencies['@anthropic-ai/mcpb']).toBeUndefined();
    expect(m.bundleManifestJson).toBeNull();
  });

  it('lists node once when written as the only target, exactly as without targets', async () => {
    const listed = await model('targets: [node]\ntools: {t: {}}\n');
    const plain = await model('tools: {t: {}}\n');
    expect(listed).toEqual(plain);
  });
});
