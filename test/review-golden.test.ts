// Golden cases of the review commands: test/fixtures-review/<case>/ holds the input manifests and the exact
// expected output. diff cases (base.yaml + head.yaml) are checked in all four formats; lint, docs and fmt cases
// (mcp.yaml) against expected-lint.txt, expected-docs.md and expected-fmt.yaml. UPDATE_GOLDEN=1 rewrites them.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatManifest } from '../generator/fmt/format-manifest.js';
import { fullStderr, runDiff } from '../generator/diff/run-diff.js';
import { runDocs, runLint } from '../generator/cli/review.js';
import { ROOT } from './support/project.js';

const FIXTURES = join(ROOT, 'test', 'fixtures-review');
const update = process.env.UPDATE_GOLDEN === '1';
const cases = readdirSync(FIXTURES).sort();
const has = (c: string, f: string) => existsSync(join(FIXTURES, c, f));
const home = process.cwd();

function expectGolden(name: string, file: string, actual: string): void {
  const path = join(FIXTURES, name, file);
  if (update) writeFileSync(path, actual);
  expect(actual).toBe(readFileSync(path, 'utf8'));
}

/** Reports name files as given; running inside the case folder keeps machine paths out of the goldens. */
function inCase<T>(name: string, run: () => T): T {
  process.chdir(join(FIXTURES, name));
  return run();
}

afterEach(() => process.chdir(home));

const FORMATS = [
  ['text', 'expected.txt'],
  ['markdown', 'expected.md'],
  ['json', 'expected.json'],
  ['github', 'expected.github.txt'],
] as const;

describe.each(cases.filter((c) => has(c, 'base.yaml')))('diff case %s', (name) => {
  it.each(FORMATS.filter(([, file]) => has(name, file) || update))('--format %s matches %s', (format, file) => {
    const out = inCase(name, () => runDiff('base.yaml', 'head.yaml', { manifest: 'head.yaml', format, failOn: 'none' }));
    expect(fullStderr(out)).toBe('');
    expect(out.code).toBe(0);
    expectGolden(name, file, out.stdout);
  });
});

describe.each(cases.filter((c) => has(c, 'expected-lint.txt')))('lint case %s', (name) => {
  it('reports exactly the expected findings', () => {
    const out = inCase(name, () => runLint({ manifest: 'mcp.yaml', format: 'text' }));
    expectGolden(name, 'expected-lint.txt', `${out.stdout}${fullStderr(out)}exit ${out.code}\n`);
  });
});

describe.each(cases.filter((c) => has(c, 'expected-docs.md')))('docs case %s', (name) => {
  it('renders exactly the expected reference', () => {
    const out = inCase(name, () => runDocs({ manifest: 'mcp.yaml' }));
    expect(out.code).toBe(0);
    expectGolden(name, 'expected-docs.md', out.stdout);
  });
});

describe.each(cases.filter((c) => has(c, 'expected-fmt.yaml')))('fmt case %s', (name) => {
  it('formats to exactly the expected text, and formatting that again changes nothing', () => {
    const result = formatManifest(readFileSync(join(FIXTURES, name, 'mcp.yaml'), 'utf8'));
    if (!result.ok) throw new Error(result.message);
    expectGolden(name, 'expected-fmt.yaml', result.text);
    const again = formatManifest(result.text);
    expect(again).toEqual({ ok: true, text: result.text, changed: false });
  });
});
