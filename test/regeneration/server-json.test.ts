// server.json, the MCP Registry entry generate writes when the manifest names the server in the registry: every
// one mcp-gen produces must pass the registry's own schema (the copy in schemas/registry/, JSON Schema draft-07,
// checked with AJV as the registry's validator reads it), say what the generated server reads from its environment,
// and follow server.version, together with package.json's version, on every regeneration.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { generateProject, ROOT, runCli } from '../support/project.js';

const ajv = new Ajv({ allErrors: true, strict: false }); // strict off: the schema carries OpenAPI's `example` keyword
addFormats(ajv);
const registrySchema = JSON.parse(readFileSync(join(ROOT, 'schemas', 'registry', '2025-12-11.server.schema.json'), 'utf8'));
const validate = ajv.compile(registrySchema);
type Json = Record<string, any>;
const readJson = (file: string): Json => JSON.parse(readFileSync(file, 'utf8'));

function expectRegistryValid(doc: Json, where: string): void {
  const ok = validate(doc);
  expect(ok, `${where}: ${JSON.stringify(validate.errors, null, 2)}`).toBe(true);
}

/** Every checked-in project tree that has a server.json: golden expected trees and examples. */
function checkedIn(): string[] {
  const fixtures = join(ROOT, 'test', 'fixtures');
  return [
    ...readdirSync(fixtures).map((n) => join(fixtures, n, 'expected')),
    ...readdirSync(join(ROOT, 'examples')).map((n) => join(ROOT, 'examples', n)),
  ].filter((dir) => existsSync(join(dir, 'server.json')));
}

const FULL = `version: 1
server:
  name: '@acme/tickets'
  version: 3.1.4-beta.2
  title: Tickets
  description: Files, finds and closes support tickets.
  registryName: com.acme/tickets
  websiteUrl: https://acme.example/tickets
  repository: {url: 'https://gitlab.com/acme/tickets', source: gitlab, id: '4242'}
  icons:
    - {src: 'https://acme.example/tickets-48.png', mimeType: image/png, sizes: [48x48], theme: light, x-internal: true}
    - {src: 'data:image/png;base64,iVBORw0KGgo=', mimeType: image/png}
    - {src: 'https://acme.example/tickets.svg', mimeType: image/svg+xml, sizes: [any]}
transports:
  stdio: false
  http: {port: 8080, path: /rpc, publicUrl: 'https://mcp.acme.example/rpc'}
auth:
  type: apiKey
  header: X-Tickets-Key
  credentials:
    - {env: TICKETS_ADMIN_KEY, principal: admin}
    - {env: TICKETS_BOT_KEY, principal: bot}
telemetry: {otel: true}
scale: {store: redis}
toolsets:
  read: {tools: [find], default: true}
tools:
  find: {description: Find tickets}
`;

describe('server.json', () => {
  it('of every golden tree and example that has one passes the registry schema and matches its package.json', () => {
    const dirs = checkedIn();
    expect(dirs.map((d) => d.slice(ROOT.length + 1))).toEqual(
      expect.arrayContaining(['test/fixtures/spec-fields/expected', 'examples/weather']),
    );
    for (const dir of dirs) {
      const doc = readJson(join(dir, 'server.json'));
      const pkg = readJson(join(dir, 'package.json'));
      expectRegistryValid(doc, dir);
      expect(doc.$schema).toBe(registrySchema.$id);
      // What the registry checks at publish time: the npm package exists at this version and names this server.
      expect(doc.packages[0]).toMatchObject({ registryType: 'npm', identifier: pkg.name, version: doc.version });
      expect(pkg.mcpName).toBe(doc.name);
      expect(pkg.version).toBe(doc.version);
    }
  });

  it('lists the environment the server reads, secrets marked, and the public endpoint with its auth header', () => {
    const dir = generateProject(FULL);
    const doc = readJson(join(dir, 'server.json'));
    expectRegistryValid(doc, 'full manifest');
    expect(doc).toMatchObject({
      name: 'com.acme/tickets',
      title: 'Tickets',
      version: '3.1.4-beta.2',
      websiteUrl: 'https://acme.example/tickets',
      repository: { url: 'https://gitlab.com/acme/tickets', source: 'gitlab', id: '4242' },
      // The data: icon is not the registry's kind (validate warns); keys beyond the registry's Icon are not published.
      icons: [
        { src: 'https://acme.example/tickets-48.png', mimeType: 'image/png', sizes: ['48x48'], theme: 'light' },
        { src: 'https://acme.example/tickets.svg', mimeType: 'image/svg+xml', sizes: ['any'] },
      ],
      remotes: [
        {
          type: 'streamable-http',
          url: 'https://mcp.acme.example/rpc',
          headers: [{ name: 'X-Tickets-Key', isRequired: true, isSecret: true }],
        },
      ],
    });
    const pkg = doc.packages[0];
    expect(pkg).toMatchObject({ identifier: '@acme/tickets', version: '3.1.4-beta.2' });
    // stdio is off: the package is run as an HTTP server.
    expect(pkg.transport).toEqual({ type: 'streamable-http', url: 'http://localhost:8080/rpc' });
    const env = Object.fromEntries((pkg.environmentVariables as Json[]).map((v) => [v.name, v]));
    expect(Object.keys(env).sort()).toEqual(
      [
        'LOG_FORMAT',
        'LOG_LEVEL',
        'MCP_HOST',
        'MCP_PATH',
        'MCP_PORT',
        'MCP_REQUEST_STATE_KEY',
        'MCP_STORE_URL',
        'MCP_TOOLSETS',
        'OTEL_EXPORTER_OTLP_ENDPOINT',
        'OTEL_SDK_DISABLED',
        'TICKETS_ADMIN_KEY',
        'TICKETS_BOT_KEY',
      ].sort(),
    );
    const secrets = Object.values(env)
      .filter((v) => v.isSecret)
      .map((v) => v.name)
      .sort();
    expect(secrets).toEqual(['MCP_REQUEST_STATE_KEY', 'MCP_STORE_URL', 'TICKETS_ADMIN_KEY', 'TICKETS_BOT_KEY']);
    expect(env.MCP_PORT.default).toBe('8080');
    // Each variable named is one the generated code really reads.
    const code = readdirSync(join(dir, 'src', 'generated'), { recursive: true, withFileTypes: true })
      .filter((f) => f.isFile())
      .map((f) => readFileSync(join(f.parentPath, f.name), 'utf8'))
      .join('\n');
    for (const name of Object.keys(env).filter((n) => !n.startsWith('TICKETS_') && n !== 'OTEL_EXPORTER_OTLP_ENDPOINT')) {
      expect(code, name).toContain(name);
    }
    expect(code).toContain("env: 'TICKETS_ADMIN_KEY'");
  });

  it('is not written without a registry name, and package.json has no mcpName then', () => {
    const dir = generateProject('version: 1\nserver: {name: private, version: 1.0.0}\n');
    expect(existsSync(join(dir, 'server.json'))).toBe(false);
    expect(existsSync(join(dir, 'src', 'generated', 'server-card.gen.ts'))).toBe(false);
    expect(readJson(join(dir, 'package.json')).mcpName).toBeUndefined();
  });

  it('follows server.version, and so does package.json, on the next generate; check fails until then', () => {
    const manifest = 'version: 1\nserver: {name: notes, version: 1.0.0, description: Notes., registryName: io.github.acme/notes}\n';
    const dir = generateProject(manifest);
    expect(readJson(join(dir, 'server.json')).version).toBe('1.0.0');
    expect(readJson(join(dir, 'package.json'))).toMatchObject({ version: '1.0.0', mcpName: 'io.github.acme/notes' });
    expect(runCli(['check', '-m', 'mcp.yaml'], dir).code).toBe(0);

    writeFileSync(join(dir, 'mcp.yaml'), manifest.replace('1.0.0', '1.1.0'));
    const stale = runCli(['check', '-m', 'mcp.yaml'], dir);
    expect(stale.code).toBe(1);
    expect(stale.stdout + stale.stderr).toContain('stale: ./server.json (out of date)');
    expect(stale.stdout + stale.stderr).toContain('package.json: set version 1.0.0 -> 1.1.0');

    const regen = runCli(['generate', '-m', 'mcp.yaml'], dir);
    expect(regen.code).toBe(0);
    const doc = readJson(join(dir, 'server.json'));
    expect([doc.version, doc.packages[0].version, readJson(join(dir, 'package.json')).version]).toEqual(['1.1.0', '1.1.0', '1.1.0']);
    expectRegistryValid(doc, 'after the version change');
    expect(runCli(['check', '-m', 'mcp.yaml'], dir).code).toBe(0);
  });
});
