import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { formatManifest } from '../../../generator/fmt/format-manifest.js';
import { ROOT } from '../../support/project.js';

const lines = (...l: string[]) => `${l.join('\n')}\n`;

function fmt(source: string): string {
  const r = formatManifest(source);
  if (!r.ok) throw new Error(r.message);
  return r.text;
}

describe('formatManifest', () => {
  const cases: { name: string; given: string; want: string }[] = [
    {
      name: 'sections in schema order, entries in their own order',
      given: lines('tools:', '  b: {}', '  a: {}', 'server: {version: 1.0.0, name: x}', 'version: 1'),
      want: lines('version: 1', 'server: {name: x, version: 1.0.0}', 'tools:', '  b: {}', '  a: {}'),
    },
    {
      name: 'tool fields in schema order, schema keywords in reading order, property order kept',
      given: lines(
        'tools:',
        '  t:',
        '    inputSchema: {required: [b], properties: {b: {description: B, type: string}, a: {type: integer}}, type: object}',
        '    description: T',
      ),
      want: lines(
        'tools:',
        '  t:',
        '    description: T',
        '    inputSchema: {type: object, properties: {b: {type: string, description: B}, a: {type: integer}}, required: [b]}',
      ),
    },
    {
      name: "views after prompts, their fields and a tool's ui in schema order",
      given: lines(
        'apps:',
        '  forecast_view:',
        '    prefersBorder: true',
        '    permissions: {clipboardWrite: true, camera: true}',
        '    csp: {resourceDomains: [https://cdn.example.com], connectDomains: [https://api.example.com]}',
        '    source: ui/forecast',
        '    title: Forecast',
        'prompts: {}',
        'tools:',
        '  t:',
        '    ui: {visibility: [model, app], app: forecast_view}',
        '    _meta: {a/b: 1}',
        '    execution: {taskSupport: optional}',
      ),
      want: lines(
        'tools:',
        '  t:',
        '    execution: {taskSupport: optional}',
        '    ui: {app: forecast_view, visibility: [model, app]}',
        '    _meta: {a/b: 1}',
        'prompts: {}',
        'apps:',
        '  forecast_view:',
        '    title: Forecast',
        '    source: ui/forecast',
        '    csp: {connectDomains: [https://api.example.com], resourceDomains: [https://cdn.example.com]}',
        '    permissions: {camera: true, clipboardWrite: true}',
        '    prefersBorder: true',
      ),
    },
    {
      name: 'indentation normalised to two spaces',
      given: lines('server:', '      name: x', '      version: "1"'),
      want: lines('server:', '  name: x', '  version: "1"'),
    },
    {
      name: 'unknown keys kept after the known ones, in their order',
      given: lines('server:', '  zeta: 1', '  name: x', '  alpha: 2', '  version: "1"'),
      want: lines('server:', '  name: x', '  version: "1"', '  zeta: 1', '  alpha: 2'),
    },
    {
      name: 'comments travel with their keys, including key-line comments before a block',
      given: lines(
        'server:',
        '  # the version',
        '  version: "1"  # bump it',
        '  name: x',
        'tools:',
        '  t:',
        '    inputSchema:   # arguments',
        '      type: object',
      ),
      want: lines(
        'server:',
        '  name: x',
        '  # the version',
        '  version: "1" # bump it',
        'tools:',
        '  t:',
        '    inputSchema: # arguments',
        '      type: object',
      ),
    },
    {
      name: 'a header comment stays on top when its key moves',
      given: lines('# header', 'tools: {}', 'version: 1'),
      want: lines('# header', '', 'version: 1', 'tools: {}'),
    },
    {
      name: 'folded descriptions keep their line breaks',
      given: lines(
        'tools:',
        '  t:',
        '    title: T',
        '    description: >-',
        '        First line',
        '        second line.',
        '    annotations: {}',
        '    inputSchema: {}',
      ),
      want: lines(
        'tools:',
        '  t:',
        '    title: T',
        '    description: >-',
        '      First line',
        '      second line.',
        '    inputSchema: {}',
        '    annotations: {}',
      ),
    },
    {
      name: 'long lines are not wrapped',
      given: lines(`server: {name: x, version: "1", description: ${'word '.repeat(40).trim()}}`),
      want: lines(`server: {name: x, version: "1", description: ${'word '.repeat(40).trim()}}`),
    },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(fmt(given)).toBe(want);
    expect(parse(fmt(given))).toEqual(parse(given));
    expect(formatManifest(want)).toEqual({ ok: true, text: want, changed: false });
  });

  it('refuses a file that does not parse', () => {
    expect(formatManifest('a: [1\n')).toMatchObject({ ok: false, reason: 'yaml', line: 2 });
  });

  // Every manifest in the repository: same data, every comment kept, and a second run changes nothing.
  const manifests = [
    ...['weather', 'bookshelf'].map((e) => join(ROOT, 'examples', e, 'mcp.yaml')),
    ...readdirSync(join(ROOT, 'test', 'fixtures')).map((c) => join(ROOT, 'test', 'fixtures', c, 'mcp.yaml')),
    ...readdirSync(join(ROOT, 'templates', 'init')).map((f) => join(ROOT, 'templates', 'init', f)),
  ].filter((f) => existsSync(f) && !f.includes('error-'));
  it.each(manifests.map((f) => [f.slice(ROOT.length + 1), f]))('%s: data and comments kept, idempotent', (_name, file) => {
    const source = readFileSync(file, 'utf8');
    const text = fmt(source);
    expect(parse(text)).toEqual(parse(source));
    const comments = (s: string) => s.split('\n').flatMap((l) => /(^|\s)#\s.*$/.exec(l)?.[0].trim() ?? []);
    expect(comments(text).sort()).toEqual(comments(source).sort());
    expect(fmt(text)).toBe(text);
  });

  // What a user starts from already passes `mcp-gen fmt --check`, which examples/ci/mcp-review.yml runs.
  const starters = [
    ...readdirSync(join(ROOT, 'examples')).map((e) => join(ROOT, 'examples', e, 'mcp.yaml')),
    ...readdirSync(join(ROOT, 'templates', 'init')).map((f) => join(ROOT, 'templates', 'init', f)),
  ].filter((f) => existsSync(f));
  it.each(starters.map((f) => [f.slice(ROOT.length + 1), f]))('%s is formatted', (_name, file) => {
    const source = readFileSync(file, 'utf8');
    expect(fmt(source)).toBe(source);
  });
});
