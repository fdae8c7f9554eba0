// Generated TypeScript is formatted by Biome in the generated code's style; runtime copies are already in that style
// (they skip the formatter at generate time), and a missing formatter leaves valid code with a warning, not a failure.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { jsLiteral } from '../../../generator/model/index.js';
import { formatEmitted, formatTypeScript, GENERATED_STYLE, wrapDocComments } from '../../../generator/write/index.js';
import { CLI, ROOT } from '../../support/project.js';

const runtimeDir = join(ROOT, 'templates', 'runtime');

describe('formatTypeScript', () => {
  it('rewrites code into the generated style: single quotes, semicolons, lines broken at 120 columns', () => {
    const long = `export const x = call("${'a'.repeat(40)}", "${'b'.repeat(40)}", "${'c'.repeat(40)}")`;
    const [out] = formatTypeScript([long]) as string[];
    expect(out).toBe(`export const x = call(\n  '${'a'.repeat(40)}',\n  '${'b'.repeat(40)}',\n  '${'c'.repeat(40)}',\n);\n`);
  });

  it('leaves every runtime file as it is: templates/runtime/ is already in the generated style', () => {
    const names = readdirSync(runtimeDir).filter((n) => n.endsWith('.ts'));
    const sources = names.map((n) => readFileSync(join(runtimeDir, n), 'utf8'));
    const out = formatTypeScript(sources) as string[];
    const changed = names.filter((_, i) => out[i] !== sources[i]);
    expect(changed).toEqual([]);
    const long = names.flatMap((n, i) =>
      sources[i]!.split('\n')
        .filter((l) => l.length > 120)
        .map((l) => `${n}: ${l}`),
    );
    expect(long).toEqual([]);
  });

  it('uses the settings biome.json applies to templates/runtime/', () => {
    const config = JSON.parse(readFileSync(join(ROOT, 'biome.json'), 'utf8'));
    const override = config.overrides.find((o: { includes: string[] }) => o.includes.includes('templates/runtime/**'));
    expect({ ...config.formatter, ...override.formatter, enabled: undefined }).toEqual({
      ...GENERATED_STYLE.formatter,
      enabled: undefined,
    });
    expect(config.javascript.formatter).toEqual(GENERATED_STYLE.javascript.formatter);
  });

  // Biome takes a configuration below its working directory for a nested root one and formats nothing: the CLI
  // run from the temporary folder (or from /, as in many containers) must format all the same.
  it.each([tmpdir(), '/'])('formats when mcp-gen runs from %s, above its private folder', (cwd) => {
    const dir = mkdtempSync(join(tmpdir(), 'format-cwd-'));
    try {
      const r = spawnSync(process.execPath, [CLI, 'init', join(dir, 'p'), '-q'], { cwd, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      const server = readFileSync(join(dir, 'p', 'src', 'generated', 'server.gen.ts'), 'utf8');
      // Formatting it again changes nothing: it was formatted when written.
      expect((formatTypeScript([server]) as string[])[0]).toBe(server);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps a file it cannot parse as emitted and formats the others', () => {
    const out = formatTypeScript(['const = ;', 'let a = "b"']) as string[];
    expect(out).toEqual(['const = ;', "let a = 'b';\n"]);
  });
});

describe('formatTypeScript keeps every value the manifest gave', () => {
  const strings = [
    'a */ b',
    '`${x}`',
    `"double" 'single'`,
    '\\ \\n',
    'a\u2028b\u2029c',
    'a\nb\r\nc\td',
    '\u0000\u001f',
    'x\ud800y',
    '\u202e',
    '😀',
    '',
  ];
  it('strings, keys and nesting survive the change of quotes and line breaks', () => {
    const value = { ...Object.fromEntries(strings.map((s, i) => [s, [s, i, { [s]: s }]])), __proto__x: 1, long: 'w '.repeat(80) };
    const sources = [`export const v = ${jsLiteral(value)}`, `export const v = ${jsLiteral({ ['__proto__']: { a: 1 } })}`];
    const out = formatTypeScript(sources) as string[];
    const evaluate = (src: string) => new Function(`${src.replace('export const v =', 'return')}`)();
    expect(evaluate(out[0]!)).toEqual(value);
    expect(Object.getOwnPropertyNames(evaluate(out[1]!))).toEqual(['__proto__']);
    expect(out[0]!.split('\n').length).toBeGreaterThan(10);
  });
});

describe('wrapDocComments', () => {
  const words = 'word '.repeat(40).trim();
  it.each([
    { name: 'fits: unchanged', given: '/** short */', want: '/** short */' },
    {
      name: 'too long: a block, indented',
      given: `  /** ${words} */`,
      want: `  /**\n   * ${'word '.repeat(23).trim()}\n   * ${'word '.repeat(17).trim()}\n   */`,
    },
    { name: 'a // comment is left alone', given: `// ${words}`, want: `// ${words}` },
  ])('$name', ({ given, want }) => {
    expect(wrapDocComments(given)).toBe(want);
    for (const line of wrapDocComments(given).split('\n')) if (given.includes('/**')) expect(line.length).toBeLessThanOrEqual(120);
  });
});

describe('formatEmitted', () => {
  let dir: string;
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
    delete process.env.BIOME_BINARY;
  });
  const messy = 'export const a = "x"';
  const files = () =>
    new Map([
      ['src/generated/a.gen.ts', { owner: 'generator' as const, content: messy }],
      ['src/generated/runtime/r.gen.ts', { owner: 'generator' as const, content: messy, preformatted: true }],
      ['src/handlers/tools/new.ts', { owner: 'user' as const, content: messy }],
      ['src/handlers/tools/kept.ts', { owner: 'user' as const, content: messy }],
      ['package.json', { owner: 'user' as const, content: '{"a":1}' }],
    ]);

  it('formats generated TypeScript and user files about to be created; never a runtime copy, a user file on disk or JSON', () => {
    dir = mkdtempSync(join(tmpdir(), 'fmt-'));
    mkdirSync(join(dir, 'src/handlers/tools'), { recursive: true });
    writeFileSync(join(dir, 'src/handlers/tools/kept.ts'), 'mine');
    const result = formatEmitted(dir, files());
    expect(result.warning).toBeUndefined();
    expect(Object.fromEntries([...result.files].map(([p, f]) => [p, f.content]))).toEqual({
      'src/generated/a.gen.ts': "export const a = 'x';\n",
      'src/generated/runtime/r.gen.ts': messy,
      'src/handlers/tools/new.ts': "export const a = 'x';\n",
      'src/handlers/tools/kept.ts': messy,
      'package.json': '{"a":1}',
    });
  });

  it('without a Biome binary, returns the files unchanged with the reason', () => {
    dir = mkdtempSync(join(tmpdir(), 'fmt-'));
    process.env.BIOME_BINARY = join(dir, 'no-such-biome');
    const result = formatEmitted(dir, files());
    expect(result.warning).toMatch(/Biome could not run .*left unformatted/);
    expect(result.files.get('src/generated/a.gen.ts')!.content).toBe(messy);
  });

  it('a Biome that refuses its configuration leaves the files unchanged and says why, not silently', () => {
    dir = mkdtempSync(join(tmpdir(), 'fmt-'));
    const fake = join(dir, 'biome');
    writeFileSync(
      fake,
      '#!/bin/sh\necho "  × Found a nested root configuration, but there is already a root configuration." >&2\nexit 1\n',
      { mode: 0o755 },
    );
    process.env.BIOME_BINARY = fake;
    const result = formatEmitted(dir, files());
    expect(result.warning).toBe(
      'Biome refused its configuration (Found a nested root configuration, but there is already a root configuration.): generated files are left unformatted',
    );
    expect(result.files.get('src/generated/a.gen.ts')!.content).toBe(messy);
  });
});
