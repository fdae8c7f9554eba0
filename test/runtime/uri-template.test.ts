// The matcher generated servers register resource templates with: every value the SDK's expand() writes into a
// URI comes back out of match(), URIs the template cannot produce match nothing, and a URI built to make the
// matcher backtrack costs no more than a plain one.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linkDeps } from '../support/generated-deps.js';
import { ROOT } from '../support/project.js';

// The runtime imports @modelcontextprotocol/server, which only generated projects install: a copy beside their deps.
const dir = join(ROOT, '.cache', 'runtime-uri-template');
mkdirSync(dir, { recursive: true });
linkDeps(dir);
for (const name of ['uri-template', 'uri-match'])
  copyFileSync(join(ROOT, 'templates', 'runtime', `${name}.ts`), join(dir, `${name}.gen.ts`));
const { ServedUriTemplate, MAX_TEMPLATE_URI_LENGTH } = (await import(
  join(dir, 'uri-template.gen.ts')
)) as typeof import('../../templates/runtime/uri-template.js');

const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 });
const list = fc.array(text, { minLength: 1, maxLength: 4 });
const RUNS = Number(process.env.PROPERTY_RUNS ?? 200);

describe('ServedUriTemplate: expand() then match() gives the values back', () => {
  const forms: [string, fc.Arbitrary<Record<string, string | string[]>>][] = [
    ['x://a/{v}', fc.record({ v: text })],
    ['x://a{/v}/{w}', fc.record({ v: text, w: text })],
    ['x://a/{+v}', fc.record({ v: text })],
    ['x://a{#v}', fc.record({ v: text })],
    ['x://a/b{.v}', fc.record({ v: text })],
    ['x://a{/p*}', fc.record({ p: list })],
    ['x://{l*}', fc.record({ l: list })],
    ['x://a{?p,q}', fc.record({ p: text, q: text }, { requiredKeys: [] })],
    ['x://a?z=1{&t*}', fc.record({ t: list }, { requiredKeys: [] })],
    // Reserved expansion keeps '?' and '#' as they are, so before a query or fragment a value cannot hold them.
    ['x://a/{+v}{?p}{#f}', fc.record({ v: text.filter((v) => !/[?#]/.test(v)), p: text, f: text }, { requiredKeys: ['v', 'f'] })],
  ];
  it.each(forms)('%s', (template, values) => {
    const t = new ServedUriTemplate(template);
    fc.assert(
      fc.property(values, (v) => {
        const uri = t.expand(v);
        expect(t.match(uri), uri).toEqual(v);
      }),
      { numRuns: RUNS },
    );
  });

  it('reads an exploded query written either way, and in any order', () => {
    const t = new ServedUriTemplate('x://s{?q,tags*}');
    expect(t.match('x://s?tags=a&q=%C3%A9&tags=b%2Cc,d')).toEqual({ q: 'é', tags: ['a', 'b,c', 'd'] });
    expect(t.match('x://s')).toEqual({});
  });

  it('keeps the SDK listing the variable names and the template', () => {
    const t = new ServedUriTemplate('docs://tree{/path*}{?rev}');
    expect(t.variableNames).toEqual(['path', 'rev']);
    expect(t.toString()).toBe('docs://tree{/path*}{?rev}');
  });
});

describe('ServedUriTemplate: URIs the template cannot produce match nothing', () => {
  const cases: [string, string][] = [
    ['x://s{?q}', 'x://s?q=1&r=2'],
    ['x://s{?q}', 'x://s?q=1&q=2'],
    ['x://s{?constructor}', 'x://s?constructor=1&constructor=2'],
    ['x://s{?q}', 'x://s?toString=1'],
    ['x://a/{v}', 'x://a/%E0%A4'],
    ['x://a/{v}', 'x://a/'],
    ['x://a/{v}', 'x://a/b/c'],
    ['x://a/{v}', 'x://a/b,c'],
    ['x://a{#v}', 'x://a'],
    ['x://{y}-{m}-{d}', 'x://2026-07'],
  ];
  it.each(cases)('%s does not match %s', (template, uri) => {
    expect(new ServedUriTemplate(template).match(uri)).toBeNull();
  });

  it('gives a variable named __proto__ as an own property', () => {
    const got = new ServedUriTemplate('x://{__proto__}').match('x://v');
    expect(Object.keys(got ?? {})).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
  });

  it('refuses a form validate refuses instead of matching it wrongly', () => {
    expect(() => new ServedUriTemplate('x://{a,b}')).toThrow(/\{a,b\} cannot be matched/);
    expect(() => new ServedUriTemplate('x://items{;id}')).toThrow(/cannot be matched/);
    expect(() => new ServedUriTemplate('x://{name:3}')).toThrow(/cannot be matched/);
  });
});

describe('ServedUriTemplate: matching time grows with the URI, never with the ways to split it', () => {
  const n = MAX_TEMPLATE_URI_LENGTH;
  const fill = (head: string, unit: string, tail: string) =>
    head + unit.repeat(Math.floor((n - head.length - tail.length) / unit.length)) + tail;
  // Each URI fails only at its last character, after every split of the run before it could have been tried: the
  // SDK's own matcher spends over two minutes on the {a}-{b}-{c} one (measured, SDK 2.4.0).
  const attacks: [string, string][] = [
    ['x://{a}-{b}-{c}', fill('x://', '-', '/')],
    ['x://{a}-{b}-{c}', fill('x://', 'a-', '/')],
    ['x://{a}{.b}{.c}', fill('x://', 'a.', '/')],
    ['x://{+a}/end', fill('x://', '/', 'x')],
    ['x://{+a}.json{?q}', fill('x://', '.json', '/')],
    ['x://f{/p*}/end', fill('x://f', '/', 'x')],
    ['x://f{/p*}.json', fill('x://f', '/a.json', '/')],
    ['x://s{?q,r}', fill('x://s?q=1', '&q=1', '')],
    ['x://{name}{.ext*}', fill('x://', 'a.', '/')],
  ];
  it.each(attacks)('%s against a crafted URI', (template, uri) => {
    expect(uri.length).toBeLessThanOrEqual(n);
    const t = new ServedUriTemplate(template);
    const started = performance.now();
    expect(t.match(uri)).toBeNull();
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('matches no URI longer than the cap', () => {
    const t = new ServedUriTemplate('x://{+path}');
    expect(t.match(`x://${'a'.repeat(n - 4)}`)).toEqual({ path: 'a'.repeat(n - 4) });
    expect(t.match(`x://${'a'.repeat(n - 3)}`)).toBeNull();
  });
});
