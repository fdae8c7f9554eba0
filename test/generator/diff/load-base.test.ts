// loadBase reuses HEAD's parsed entries where BASE's text is the same. Whatever the edit, the data must be exactly
// what parsing BASE whole gives.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadManifest } from '../../../generator/load/load-manifest.js';
import { loadBase } from '../../../generator/diff/load-base.js';
import { splitManifest } from '../../../generator/diff/manifest-chunks.js';
import { ROOT } from '../../support/project.js';

const lines = (...l: string[]) => `${l.join('\n')}\n`;

function expectSameAsFullParse(base: string, head: string): void {
  const got = loadBase({ label: 'base.yaml', path: 'base.yaml', source: base }, loadManifest('head.yaml', head));
  expect(got.data).toEqual(loadManifest('base.yaml', base).data);
}

const catalogue = readFileSync(join(ROOT, 'test', 'fixtures-review', 'diff-catalogue', 'base.yaml'), 'utf8');
const edits: { name: string; edit: (s: string) => string }[] = [
  { name: 'unchanged', edit: (s) => s },
  { name: 'one entry edited', edit: (s) => s.replace('Details of one book.', 'All about one book.') },
  { name: 'an entry removed', edit: (s) => s.replace(/\n {2}export_list:\n(?: {4}.*\n)+/, '\n') },
  { name: 'an entry added', edit: (s) => s.replace('\ntools:\n', '\ntools:\n  added_tool: {description: New}\n') },
  { name: 'a shared definition changed', edit: (s) => s.replace('enum: [title, author, year]', 'enum: [title]') },
  {
    name: 'a section turned to flow style',
    edit: (s) =>
      s.replace(
        /\nresourceTemplates:\n[\s\S]*?\n\nprompts:/,
        '\nresourceTemplates: {book_cover: {uriTemplate: "catalogue://x/{isbn}"}}\n\nprompts:',
      ),
  },
  { name: 'comments added between entries', edit: (s) => s.replace('\n  get_book:', '\n  # the lookup tool\n  get_book:') },
  { name: 'entries indented by four spaces', edit: (s) => s.replace(/^( {2,})/gm, '$1$1') },
];

describe('loadBase', () => {
  it.each(edits)('HEAD = BASE with $name (and the other way round)', ({ edit }) => {
    expectSameAsFullParse(catalogue, edit(catalogue));
    expectSameAsFullParse(edit(catalogue), catalogue);
  });

  const manifests = [
    ...['weather', 'bookshelf'].map((e) => join(ROOT, 'examples', e, 'mcp.yaml')),
    ...readdirSync(join(ROOT, 'test', 'fixtures')).map((c) => join(ROOT, 'test', 'fixtures', c, 'mcp.yaml')),
  ].filter((f) => existsSync(f));
  it.each(manifests.map((f) => [f.slice(ROOT.length + 1), f]))('%s against the catalogue and against itself', (_name, file) => {
    const text = readFileSync(file, 'utf8');
    expectSameAsFullParse(text, catalogue);
    expectSameAsFullParse(text, text.replace(/description: /, 'description: x'));
  });

  it('locates BASE entries from their chunk', () => {
    const got = loadBase({ label: 'b', path: 'b', source: catalogue }, loadManifest('h', catalogue.replace('Details of one book.', 'x')));
    expect(got.locate(['tools', 'export_list'], 'key')).toEqual({ line: 50, column: 3 });
  });
});

describe('splitManifest gives up where a line-based view could be wrong', () => {
  const cases: { name: string; given: string }[] = [
    { name: 'anchors and aliases', given: lines('definitions:', '  A: &a {type: string}', 'tools:', '  t: {inputSchema: *a}') },
    { name: 'tags', given: lines('version: !!int 1') },
    { name: 'quoted entry keys', given: lines('tools:', '  a: {}', '  "my tool": {}') },
    { name: 'duplicate entry keys', given: lines('tools:', '  a: {}', '  a: {}') },
    { name: 'duplicate sections', given: lines('tools: {}', 'tools: {}') },
    { name: 'a top-level line that is not a key', given: lines('- a', '- b') },
    { name: 'document markers', given: lines('---', 'version: 1') },
    { name: 'CR line ends', given: 'version: 1\r\nserver: {}\r\n' },
    { name: 'a shallower line inside a section', given: lines('tools:', '    a: {}', '  b: {}') },
  ];
  it.each(cases)('$name', ({ given }) => expect(splitManifest(given)).toBeUndefined());

  it('splits block sections into entries and keeps flow sections whole', () => {
    const chunks = splitManifest(
      lines('# header', 'version: 1', 'tools:', '  # first', '  a: {}', '  b:', '    title: B', 'prompts: {p: {}}'),
    )!;
    expect([...chunks.keys()]).toEqual(['version', 'tools', 'prompts']);
    expect([...chunks.get('tools')!.entries!.values()].map((e) => [e.key, e.line, e.text])).toEqual([
      ['a', 5, '  a: {}'],
      ['b', 6, '  b:\n    title: B'],
    ]);
    expect(chunks.get('prompts')!.entries).toBeUndefined();
    // A section that does not open with a plain key is one chunk, parsed whole when it differs.
    expect(splitManifest(lines('tools:', '  "my tool": {}'))!.get('tools')!.entries).toBeUndefined();
  });
});
