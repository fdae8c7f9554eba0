// Random manifests for fuzzing the front door: structured ones that are mostly the right shape with wrong, hostile or
// extreme values anywhere, and text mutations of the real manifests in this repository.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { HOSTILE } from './hostile.js';

const ROOT = join(import.meta.dirname, '..', '..');

const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      'x',
      'get_forecast',
      'con',
      '../../x',
      '/etc/passwd',
      '#/definitions/A',
      '#/$defs/B',
      'https://example.com/a',
      'file:///etc/passwd',
      'test://r/{id}',
      'test://t/{?q*}',
      '{{name}}',
      'MY_TOKEN',
      'sk-abc123',
      'notes:read',
    ),
  },
);
const name = fc.oneof({ weight: 4, arbitrary: fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/) }, { weight: 1, arbitrary: text });
const partial = <T extends Record<string, fc.Arbitrary<unknown>>>(fields: T) => fc.record(fields, { requiredKeys: [] });
/** Usually the right shape; sometimes any JSON at all. */
const orJunk = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 6, arbitrary: arb }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) });

const { schema } = fc.letrec<{ schema: unknown }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'xsmall' },
    fc.boolean(),
    partial({
      type: fc.oneof(
        fc.constantFrom('object', 'string', 'integer', 'number', 'array', 'boolean', 'null', 'date'),
        fc.constant(['string', 'null']),
      ),
      properties: fc.dictionary(name, tie('schema'), { maxKeys: 2 }),
      items: tie('schema'),
      $ref: fc.oneof(
        fc.constantFrom(
          '#',
          '#/definitions/A',
          '#/definitions/B',
          '#/$defs/C',
          '#/nope',
          'http://127.0.0.1:9/x.json',
          'other.json#/x',
          '#/definitions/%ZZ',
          'mcp.yaml#/definitions/A',
          '../x.json',
          './mcp.yaml',
          '/etc/passwd',
        ),
        text,
      ),
      $defs: fc.dictionary(name, tie('schema'), { maxKeys: 2 }),
      anyOf: fc.array(tie('schema'), { maxLength: 3 }),
      enum: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 4 }),
      default: fc.jsonValue({ maxDepth: 1 }),
      pattern: fc.constantFrom('^a+$', '(', '\\p{L}', '[', '.*'),
      format: fc.constantFrom('uri', 'date-time', 'zip'),
      required: fc.array(name, { maxLength: 3 }),
      description: text,
      $schema: fc.constantFrom(
        'http://json-schema.org/draft-04/schema#',
        'https://json-schema.org/draft/2020-12/schema',
        'http://json-schema.org/draft-07/schema#',
      ),
    }),
    fc.jsonValue({ maxDepth: 2 }),
  ),
}));
const objectSchema = fc.oneof(
  schema,
  schema.map((s) => ({ type: 'object', properties: { a: s } })),
);

const policy = partial({
  scopes: fc.array(text, { maxLength: 3 }),
  timeoutMs: fc.integer({ min: -5, max: 100_000 }),
  rateLimit: partial({ requests: fc.integer({ min: -1, max: 10 }), windowMs: fc.integer({ min: -1, max: 10_000 }) }),
  maxConcurrency: fc.integer({ min: -1, max: 10 }),
});
const tool = partial({
  title: text,
  description: text,
  inputSchema: objectSchema,
  outputSchema: objectSchema,
  annotations: orJunk(partial({ title: text, readOnlyHint: fc.boolean(), destructiveHint: fc.jsonValue({ maxDepth: 1 }) })),
  _meta: fc.jsonValue({ maxDepth: 2 }),
  policy: orJunk(policy),
  execution: orJunk(partial({ taskSupport: fc.constantFrom('forbidden', 'optional', 'required', 'maybe') })),
  renamedFrom: text,
});
const content = partial({
  type: fc.constantFrom('text', 'image', 'audio', 'resource', 'resource_link', 'video'),
  text,
  data: text,
  file: text,
  mimeType: text,
  uri: text,
  name: text,
  resource: orJunk(partial({ uri: text, text, file: text })),
});
const prompt = partial({
  title: text,
  description: text,
  arguments: fc.array(
    orJunk(
      partial({ name, description: text, required: fc.boolean(), complete: fc.oneof(fc.constant(true), fc.array(text, { maxLength: 3 })) }),
    ),
    { maxLength: 3 },
  ),
  messages: fc.array(orJunk(partial({ role: fc.constantFrom('user', 'assistant', 'system'), text, content })), { maxLength: 3 }),
});
const credential = partial({ env: text, principal: text, scopes: fc.array(text, { maxLength: 2 }), token: text });
const auth = partial({
  type: fc.constantFrom('bearer', 'apiKey', 'oauth', 'basic'),
  header: text,
  credentials: fc.array(orJunk(credential), { maxLength: 3 }),
  resource: text,
  authorizationServer: text,
  jwksUrl: text,
  scopesSupported: fc.array(text, { maxLength: 2 }),
  secret: text,
});
const transports = partial({
  stdio: fc.boolean(),
  http: fc.oneof(
    fc.boolean(),
    partial({
      host: fc.constantFrom('127.0.0.1', '0.0.0.0', '::1', 'localhost'),
      port: fc.integer({ min: -1, max: 70_000 }),
      path: text,
      allowedHosts: fc.array(text, { maxLength: 2 }),
      maxBodyBytes: fc.integer(),
      headersTimeoutMs: fc.integer(),
      requestTimeoutMs: fc.integer(),
    }),
  ),
  sse: fc.oneof(fc.boolean(), partial({ path: text, messagesPath: text })),
  websocket: fc.oneof(fc.boolean(), partial({ path: text })),
});

const targetName = fc.constantFrom('node', 'deno', 'bun', 'workers', 'vercel', 'lambda', 'worker', 'Node');
const targetItem = fc.oneof(
  { weight: 4, arbitrary: targetName },
  {
    weight: 2,
    arbitrary: fc.dictionary(
      targetName,
      orJunk(
        partial({
          name: text,
          compatibilityDate: fc.oneof(text, fc.constantFrom('2026-07-28', '2026-02-30', '0000-00-00')),
          customDomains: fc.array(text, { maxLength: 2 }),
          maxDuration: fc.integer({ min: -1, max: 2000 }),
          timeout: fc.integer({ min: -1, max: 1000 }),
        }),
      ),
      { maxKeys: 2 },
    ),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) },
);

const structured = partial({
  version: fc.oneof({ weight: 8, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) }),
  server: orJunk(
    partial({
      name: text,
      version: text,
      title: text,
      description: text,
      instructions: text,
      websiteUrl: text,
      icons: fc.array(orJunk(partial({ src: text, mimeType: text })), { maxLength: 2 }),
    }),
  ),
  transports: orJunk(transports),
  targets: orJunk(fc.array(targetItem, { maxLength: 4 })),
  scale: orJunk(partial({ store: fc.constantFrom('memory', 'redis', 'disk') })),
  telemetry: orJunk(partial({ otel: fc.boolean() })),
  capabilities: orJunk(partial({ resources: partial({ subscribe: fc.boolean() }), experimental: fc.jsonValue({ maxDepth: 2 }) })),
  schemaFiles: orJunk(fc.boolean()),
  definitions: orJunk(fc.dictionary(fc.oneof(fc.constantFrom('A', 'B'), name), schema, { maxKeys: 2 })),
  tools: orJunk(fc.dictionary(name, tool, { maxKeys: 2 })),
  resources: orJunk(
    fc.dictionary(name, partial({ uri: text, text, blob: text, file: text, mimeType: text, description: text }), { maxKeys: 2 }),
  ),
  resourceTemplates: orJunk(
    fc.dictionary(
      name,
      partial({ uriTemplate: text, description: text, complete: fc.dictionary(name, fc.array(text, { maxLength: 2 }), { maxKeys: 2 }) }),
      { maxKeys: 2 },
    ),
  ),
  prompts: orJunk(fc.dictionary(name, prompt, { maxKeys: 2 })),
  auth: orJunk(auth),
  unknownKey: fc.option(text, { nil: undefined, freq: 8 }),
});

/** YAML text of a structured manifest (`undefined` fields dropped), or now and then of anything at all. */
export const structuredManifest: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: structured.map((m) => stringify(m, { lineWidth: 0 })) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => stringify(v)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
);

export interface Seed {
  file: string;
  text: string;
}

/** Every manifest checked in: examples, golden fixtures and starter templates. */
export function seedManifests(): Seed[] {
  const seeds: Seed[] = [];
  for (const base of ['examples', 'test/fixtures']) {
    for (const dir of readdirSync(join(ROOT, base))) {
      const file = join(ROOT, base, dir, 'mcp.yaml');
      if (existsSync(file)) seeds.push({ file, text: readFileSync(file, 'utf8') });
    }
  }
  for (const name of readdirSync(join(ROOT, 'templates', 'init'))) {
    const file = join(ROOT, 'templates', 'init', name);
    seeds.push({ file, text: readFileSync(file, 'utf8') });
  }
  return seeds;
}

type Mutation = (lines: string[], a: number, b: number, s: string) => void;
const MUTATIONS: Mutation[] = [
  (l, a) => void l.splice(a % Math.max(1, l.length), 1),
  (l, a) => void l.splice(a % Math.max(1, l.length), 0, l[a % Math.max(1, l.length)] ?? ''),
  (l, a, b) => {
    const [i, j] = [a % Math.max(1, l.length), b % Math.max(1, l.length)];
    [l[i], l[j]] = [l[j], l[i]];
  },
  (l, a, b) => {
    const i = a % Math.max(1, l.length);
    l[i] = ' '.repeat(b % 7) + (l[i] ?? '').trimStart();
  },
  (l, a, b, s) => {
    const i = a % Math.max(1, l.length);
    const line = l[i] ?? '';
    const at = b % (line.length + 1);
    l[i] = line.slice(0, at) + s + line.slice(at);
  },
  (l, a, _b, s) => {
    const i = a % Math.max(1, l.length);
    const colon = (l[i] ?? '').indexOf(': ');
    if (colon >= 0) l[i] = `${l[i].slice(0, colon + 2)}${JSON.stringify(s)}`;
  },
  (l, a) => void l.splice(a % Math.max(1, l.length)),
];

/** A seed with up to five line-level mutations: deletions, duplicates, swaps, re-indentation, insertions, truncation. */
export function mutatedManifest(seeds: Seed[]): fc.Arbitrary<Seed> {
  const mutation = fc.tuple(
    fc.nat(MUTATIONS.length - 1),
    fc.nat(),
    fc.nat(),
    fc.oneof(text, fc.constantFrom(':', '- ', '{', '[', '"', "'", '&a', '*a', '!!binary', '\t', '? ', '|', '>', '#')),
  );
  return fc.tuple(fc.constantFrom(...seeds), fc.array(mutation, { minLength: 1, maxLength: 5 })).map(([seed, mutations]) => {
    const lines = seed.text.split('\n');
    for (const [m, a, b, s] of mutations) MUTATIONS[m](lines, a, b, s);
    return { file: seed.file, text: lines.join('\n') };
  });
}
