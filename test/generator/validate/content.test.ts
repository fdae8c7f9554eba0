import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkBundleIcons, checkContent } from '../../../generator/validate/content.js';
import { checkPaths } from '../../../generator/validate/paths.js';
import { png } from '../../support/png.js';
import { checkCompletions, checkTransports } from '../../../generator/validate/transports.js';
import type { Manifest } from '../../../generator/core/manifest-types.js';

const base = mkdtempSync(join(tmpdir(), 'check-content-'));
writeFileSync(join(base, 'pixel.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));

const manifest = (extra: Partial<Manifest>): Manifest => ({ version: 1, server: { name: 's', version: '1' }, ...extra });
const codes = (findings: { code: string; path: (string | number)[] }[]) => findings.map((f) => `${f.code} ${f.path.join('.')}`);

describe('checkContent', () => {
  const cases: { name: string; given: Partial<Manifest>; want: string[] }[] = [
    { name: 'inline text', given: { resources: { a: { uri: 'x://a', text: 'hi' } } }, want: [] },
    { name: 'an existing file', given: { resources: { a: { uri: 'x://a', file: 'pixel.png' } } }, want: [] },
    {
      name: 'two contents',
      given: { resources: { a: { uri: 'x://a', text: 'hi', blob: 'aGk=' } } },
      want: ['content/conflict resources.a.blob'],
    },
    { name: 'a missing file', given: { resources: { a: { uri: 'x://a', file: 'nope.txt' } } }, want: ['file/not-found resources.a.file'] },
    {
      name: 'an absolute file',
      given: { resources: { a: { uri: 'x://a', file: '/etc/hosts' } } },
      want: ['file/absolute resources.a.file'],
    },
    {
      name: 'message with neither text nor content',
      given: { prompts: { p: { messages: [{ role: 'user' }] } } },
      want: ['content/missing prompts.p.messages.0'],
    },
    {
      name: 'image from a file',
      given: { prompts: { p: { messages: [{ role: 'user', content: { type: 'image', file: 'pixel.png', mimeType: 'image/png' } }] } } },
      want: [],
    },
    {
      name: 'image without data or mimeType',
      given: { prompts: { p: { messages: [{ role: 'user', content: { type: 'image' } }] } } },
      want: ['content/missing prompts.p.messages.0.content', 'content/missing prompts.p.messages.0.content'],
    },
    {
      name: 'a field of another content type',
      given: { prompts: { p: { messages: [{ role: 'user', content: { type: 'text', text: 'a', uri: 'x://a' } }] } } },
      want: ['content/field prompts.p.messages.0.content.uri'],
    },
    {
      name: 'embedded resource without contents',
      given: { prompts: { p: { messages: [{ role: 'user', content: { type: 'resource', resource: { uri: 'x://a' } } }] } } },
      want: ['content/missing prompts.p.messages.0.content.resource'],
    },
    {
      name: 'resource link needs a name',
      given: { prompts: { p: { messages: [{ role: 'user', content: { type: 'resource_link', uri: 'x://a' } }] } } },
      want: ['content/missing prompts.p.messages.0.content'],
    },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(codes(checkContent(manifest(given), base))).toEqual(want);
  });
});

describe('checkContent: text a file embeds', () => {
  const dir = mkdtempSync(join(tmpdir(), 'check-embedded-'));
  writeFileSync(join(dir, 'guide.md'), '# Guide\n\nRead \u202eit\u202c. A zero\u200bwidth space.\n');
  writeFileSync(join(dir, 'notes.txt'), `Notes.${String.fromCodePoint(0xe0041, 0xe0042)}\n`);
  writeFileSync(join(dir, 'LICENSE'), 'Page one\n\f\nPage two\n');
  const resource = (file: string, mimeType?: string) => ({ resources: { a: { uri: 'x://a', file, ...(mimeType && { mimeType }) } } });

  it('names the file, the position of the first run and how many more there are', () => {
    const [finding, ...rest] = checkContent(manifest(resource('guide.md', 'text/markdown')), dir);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ code: 'text/hidden-character', path: ['resources', 'a', 'file'] });
    expect(finding.message).toMatch(/^guide\.md:3:6 has hidden text: this character, U\+202E .*\(and 2 more such runs in the file\)$/);
  });

  it('reads a file without a MIME type as text when it is UTF-8, and spells out tag characters', () => {
    expect(checkContent(manifest(resource('notes.txt')), dir)[0].message).toMatch(
      /notes\.txt:1:7 has hidden text: 2 invisible .* spelling "AB"/,
    );
  });

  it('checks the resource of a prompt message too', () => {
    const content = { type: 'resource' as const, resource: { uri: 'x://g', mimeType: 'text/plain', file: 'notes.txt' } };
    const findings = checkContent(manifest({ prompts: { p: { messages: [{ role: 'user', content }] } } }), dir);
    expect(codes(findings)).toEqual(['text/hidden-character prompts.p.messages.0.content.resource.file']);
  });

  it('passes a form feed, and a file embedded as a blob, which is not read as text', () => {
    expect(checkContent(manifest(resource('LICENSE')), dir)).toEqual([]);
    expect(checkContent(manifest(resource('guide.md', 'application/octet-stream')), dir)).toEqual([]);
  });
});

describe('checkTransports', () => {
  const cases: { name: string; given: Manifest['transports']; want: string[] }[] = [
    { name: 'defaults', given: undefined, want: [] },
    { name: 'sse and websocket on the HTTP listener', given: { sse: true, websocket: { path: '/socket' } }, want: [] },
    { name: 'websocket without http', given: { http: false, websocket: true }, want: ['transport/needs-http transports.websocket'] },
    {
      name: 'a shared path',
      given: { http: { path: '/mcp' }, websocket: { path: '/mcp' } },
      want: ['transport/path-collision transports.websocket.path'],
    },
    {
      name: 'sse paths collide',
      given: { sse: { path: '/events', messagesPath: '/events' } },
      want: ['transport/path-collision transports.sse.messagesPath'],
    },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(codes(checkTransports(manifest({ transports: given })))).toEqual(want);
  });

  // With a registry name the server card answers first at <http.path>/server-card and /.well-known/mcp/server-card.
  const named = (transports: Manifest['transports']) =>
    manifest({ server: { name: 's', version: '1', registryName: 'io.github.acme/s' }, transports });
  it.each([
    { name: 'websocket on the card path', given: { websocket: { path: '/mcp/server-card' } }, want: ['transports.websocket.path'] },
    {
      name: 'sse messages on a well-known card path',
      given: { sse: { messagesPath: '/.well-known/mcp/server-card.json' } },
      want: ['transports.sse.messagesPath'],
    },
    {
      name: 'the endpoint itself on a well-known card path',
      given: { http: { path: '/.well-known/mcp/server-card' } },
      want: ['transports.http.path'],
    },
    { name: 'paths beside the card', given: { http: { path: '/rpc' }, websocket: { path: '/mcp/server-card' } }, want: [] },
  ])('server card: $name', ({ given, want }) => {
    const findings = checkTransports(named(given));
    expect(codes(findings)).toEqual(want.map((p) => `transport/path-collision ${p}`));
    expect(codes(checkTransports(manifest({ transports: given })))).toEqual([]); // no registry name: no card
  });
});

describe('checkCompletions', () => {
  it('accepts template variables and names the closest one for a typo', () => {
    const m = manifest({ resourceTemplates: { t: { uriTemplate: 'x://{city}/{day}', complete: { city: ['Lima'], dya: true } } } });
    const findings = checkCompletions(m);
    expect(codes(findings)).toEqual(['completion/unknown-variable resourceTemplates.t.complete.dya']);
    expect(findings[0].hint).toBe('did you mean day?');
  });
});

describe('checkContent with inherited names (found by fuzzing)', () => {
  it.each(['constructor', 'toString', '__proto__'])('a content type named %s is left to the schema check, never thrown', (type) => {
    const m = {
      version: 1,
      server: { name: 's', version: '1' },
      prompts: { p: { messages: [{ role: 'user', content: { type, resource: { uri: 'a://b', text: 'x' } } }] } },
    };
    expect(() => checkContent(m as unknown as Manifest, tmpdir())).not.toThrow();
  });
});

describe('checkBundleIcons', () => {
  const dir = mkdtempSync(join(tmpdir(), 'check-icons-'));
  mkdirSync(join(dir, 'project'));
  writeFileSync(join(dir, 'project', 'icon.png'), png(64, 64));
  writeFileSync(join(dir, 'project', 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, 'project', 'truncated.png'), png(64, 64).subarray(0, 20));
  writeFileSync(join(dir, 'elsewhere.png'), png(16, 16));
  symlinkSync(join(dir, 'elsewhere.png'), join(dir, 'project', 'linked.png'));
  mkdirSync(join(dir, 'project', 'folder.png'));
  const root = join(dir, 'project');
  const check = (bundle: Manifest['bundle']) =>
    codes([...checkBundleIcons(manifest({ bundle }), root), ...checkPaths(manifest({ bundle }), root)]);

  it.each([
    { name: 'a PNG file', given: { icon: 'icon.png', icons: [{ file: './icon.png', theme: 'dark' }] }, want: [] },
    { name: 'an SVG file', given: { icon: 'icon.svg' }, want: ['bundle/icon-not-png bundle.icon'] },
    { name: 'a PNG cut short', given: { icons: [{ file: 'truncated.png' }] }, want: ['bundle/icon-not-png bundle.icons.0.file'] },
    { name: 'a missing file', given: { icon: 'missing.png' }, want: ['file/not-found bundle.icon'] },
    { name: 'a folder', given: { icon: 'folder.png' }, want: ['file/not-a-file bundle.icon'] },
    { name: 'an absolute path', given: { icon: join(dir, 'elsewhere.png') }, want: ['file/absolute bundle.icon'] },
    { name: 'a file outside the folder', given: { icon: '../elsewhere.png' }, want: ['file/outside bundle.icon'] },
    { name: 'a link to a file outside', given: { icons: [{ file: 'linked.png' }] }, want: ['file/outside bundle.icons.0.file'] },
  ])('$name', ({ given, want }) => {
    expect(check(given)).toEqual(want);
  });
});
