// Nothing is written outside the output folder and nothing is read from outside the manifest's folder: names that
// would make bad file names are refused at validation, `file:` must stay beside the manifest, and symlinks in the
// output tree are not followed out of it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkUris } from '../../generator/validate/uris.js';
import { generate } from '../../generator/generate.js';
import { fileContents } from '../../generator/model/content-model.js';
import { tempDir } from '../support/project.js';
import { errors } from './validate.js';

describe('names that would make bad file names', () => {
  const cases: { name: string; given: Record<string, unknown>; want: string[] }[] = [
    { name: 'Windows device name', given: { tools: { con: {} } }, want: ['name/reserved-file-name tools.con'] },
    {
      name: 'device name after normalising',
      given: { prompts: { 'LPT1!': { messages: [{ role: 'user', text: 'x' }] } } },
      want: ['name/reserved-file-name prompts["LPT1!"]'],
    },
    { name: 'device name with digits around is fine', given: { tools: { com10: {}, aconsole: {} } }, want: [] },
    {
      name: 'over-long name',
      given: { prompts: { [`p ${'x'.repeat(240)}`]: { messages: [{ role: 'user', text: 'x' }] } } },
      want: [`name/file-name-too-long prompts["p ${'x'.repeat(240)}"]`],
    },
    {
      name: 'path separators and dots only make words',
      given: { prompts: { '../../etc/passwd': { messages: [{ role: 'user', text: 'x' }] } } },
      want: [],
    },
    {
      name: 'case-insensitive duplicates collide',
      given: { prompts: { Foo: { messages: [{ role: 'user', text: 'x' }] }, foo: { messages: [{ role: 'user', text: 'y' }] } } },
      want: ['name/collision prompts.foo'],
    },
    {
      name: 'inherited registry name',
      given: { prompts: { constructor: { messages: [{ role: 'user', text: 'x' }] } } },
      want: ['name/inherited prompts.constructor'],
    },
    {
      name: 'inherited property name',
      given: { tools: { t: { inputSchema: { type: 'object', properties: { __proto__x: {}, toString: { type: 'string' } } } } } },
      want: ['name/inherited tools.t.inputSchema.properties.toString'],
    },
    {
      name: 'inherited argument name',
      given: { prompts: { p: { arguments: [{ name: 'constructor' }], messages: [{ role: 'user', text: 'x' }] } } },
      want: ['name/inherited prompts.p.arguments[0].name'],
    },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(errors(given)).toEqual(want);
  });
});

describe('file: stays inside the manifest folder', () => {
  const root = tempDir('mcp-gen-paths-');
  const project = join(root, 'project');
  mkdirSync(join(project, 'assets'), { recursive: true });
  writeFileSync(join(project, 'assets', 'ok.txt'), 'ok');
  writeFileSync(join(root, 'secret.txt'), 'secret');
  symlinkSync(join(root, 'secret.txt'), join(project, 'assets', 'link.txt'));
  symlinkSync(root, join(project, 'up'));
  const resource = (file: string) => ({ resources: { r: { uri: 'test://r', file } } });

  it.each([
    ['assets/ok.txt', []],
    ['./assets/../assets/ok.txt', []],
    ['../secret.txt', ['file/outside resources.r.file']],
    ['assets/../../secret.txt', ['file/outside resources.r.file']],
    ['assets/link.txt', ['file/outside resources.r.file']],
    ['up/secret.txt', ['file/outside resources.r.file']],
  ])('%s', (file, want) => {
    expect(errors(resource(file), project)).toEqual(want);
  });

  it('generation reads each file again under the same rules: one swapped after validation is refused, not embedded', () => {
    execFileSync('mkfifo', [join(project, 'assets', 'pipe.txt')]);
    expect(fileContents(project, 'assets/ok.txt', 'text/plain')).toEqual({ text: 'ok' });
    expect(() => fileContents(project, 'assets/link.txt', 'text/plain')).toThrow(
      /^refusing to read assets\/link\.txt: it is a link to \S+secret\.txt outside the folder; nothing was written$/,
    );
    expect(() => fileContents(project, 'assets/pipe.txt', undefined)).toThrow(
      /^refusing to read assets\/pipe\.txt: it is not a regular file/,
    );
  });

  it('names a link to outside as one', () => {
    const all = errors(
      { prompts: { p: { messages: [{ role: 'user', content: { type: 'image', mimeType: 'image/png', file: 'assets/link.txt' } }] } } },
      project,
    );
    expect(all).toEqual(['file/outside prompts.p.messages[0].content.file']);
  });
});

describe('symlinks in the output tree', () => {
  const MANIFEST = 'version: 1\nserver: {name: linked, version: 1.0.0}\ntools:\n  hello: {description: Says hello}\n';

  it('refuses to write through a link that leaves the output folder, and writes nothing', async () => {
    const root = tempDir('mcp-gen-links-');
    const out = join(root, 'out');
    const elsewhere = join(root, 'elsewhere');
    mkdirSync(join(out, 'src'), { recursive: true });
    mkdirSync(elsewhere);
    symlinkSync(elsewhere, join(out, 'src', 'handlers'));
    writeFileSync(join(out, 'mcp.yaml'), MANIFEST);
    await expect(generate({ manifestPath: join(out, 'mcp.yaml'), contracts: false })).rejects.toThrow(
      /hello\.ts: it resolves outside .*through a symbolic link/,
    );
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(readdirSync(out).sort()).toEqual(['mcp.yaml', 'src']);
    expect(readdirSync(join(out, 'src'))).toEqual(['handlers']);
  });

  it('follows links that stay inside the output folder', async () => {
    const out = tempDir('mcp-gen-links-');
    mkdirSync(join(out, 'real-handlers'), { recursive: true });
    mkdirSync(join(out, 'src'));
    symlinkSync(join(out, 'real-handlers'), join(out, 'src', 'handlers'));
    writeFileSync(join(out, 'mcp.yaml'), MANIFEST);
    const result = await generate({ manifestPath: join(out, 'mcp.yaml'), contracts: false });
    expect(result.issues).toEqual([]);
    expect(existsSync(join(out, 'real-handlers', 'tools', 'hello.ts'))).toBe(true);
  });

  it('refuses to replace a generated file that is a link to outside, even with force', async () => {
    const root = tempDir('mcp-gen-links-');
    const out = join(root, 'out');
    mkdirSync(join(out, 'src', 'generated'), { recursive: true });
    writeFileSync(join(root, 'victim.ts'), 'precious');
    symlinkSync(join(root, 'victim.ts'), join(out, 'src', 'generated', 'server.gen.ts'));
    writeFileSync(join(out, 'mcp.yaml'), MANIFEST);
    await expect(generate({ manifestPath: join(out, 'mcp.yaml'), contracts: false, force: true })).rejects.toThrow(
      /refusing to read src\/generated\/server\.gen\.ts: it is a link to .*outside the folder/,
    );
    expect(readFileSync(join(root, 'victim.ts'), 'utf8')).toBe('precious');
    expect(readdirSync(join(out, 'src', 'generated'))).toEqual(['server.gen.ts']);
  });
});

describe('resource URIs with characters outside the BMP', () => {
  it.each([
    { name: 'a full code point', uri: 'app:\u{10000}//logo', want: /contains "\u{10000}", which a URI cannot hold unencoded/u },
    { name: 'a lone surrogate', uri: 'app:\uD800//logo', want: /contains "\\ud800", which a URI cannot hold unencoded/ },
  ])('$name is reported, not thrown', ({ uri, want }) => {
    const findings = checkUris({ version: 1, server: { name: 's', version: '1' }, resources: { r: { uri } } } as never);
    expect(findings.map((f) => f.message)).toEqual([expect.stringMatching(want)]);
  });
});
