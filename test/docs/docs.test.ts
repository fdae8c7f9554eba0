// The README and the pages under docs/ stay true: every relative link reaches a file (and a heading, for #anchors),
// every whole manifest they show validates with the built CLI, and every mcp-gen command line they show uses only
// commands and options the CLI's --help lists.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { commandPaths, type HelpListing, invocations, parseHelp, unknownUsage } from './cli-usage.js';
import { codeBlocks, headingAnchors, links } from './markdown.js';
import { runCli } from './run-cli.js';
import { featureRows } from '../../generator/model/runtime-features.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const text = new Map(pages.map((page) => [page, readFileSync(join(root, page), 'utf8')]));
const blocks = pages.flatMap((page) => codeBlocks(text.get(page)!).map((block) => ({ page, ...block })));

/** Fewest blocks of each kind the docs hold today; fewer means the test stopped finding them, not that all is well. */
const MIN_MANIFESTS = 3;
const MIN_COMMAND_LINES = 15;

const scratch = mkdtempSync(join(tmpdir(), 'mcp-gen-docs-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('links', () => {
  it('every relative link reaches an existing file, and every #anchor a heading of its page', () => {
    const dead: string[] = [];
    let checked = 0;
    for (const page of pages) {
      for (const { target, line } of links(text.get(page)!)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: ... are not files of this repository
        checked++;
        const where = `${page}:${line}: ${target}`;
        const hash = target.indexOf('#');
        const pathPart = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
        const anchor = hash === -1 ? undefined : target.slice(hash + 1);
        const file = pathPart === '' ? join(root, page) : resolve(root, dirname(page), pathPart);
        if (relative(root, file).split(sep)[0] === '..') dead.push(`${where} (outside the repository)`);
        else if (!existsSync(file)) dead.push(`${where} (no such file)`);
        else if (anchor !== undefined && file.endsWith('.md') && statSync(file).isFile()) {
          const anchors = headingAnchors(readFileSync(file, 'utf8'));
          if (!anchors.has(anchor)) dead.push(`${where} (no heading with anchor #${anchor})`);
        }
      }
    }
    expect(dead).toEqual([]);
    expect(checked).toBeGreaterThan(pages.length);
  });

  it('the README links every page of docs/', () => {
    const linked = new Set(links(text.get('README.md')!).map(({ target }) => target.split('#')[0]));
    expect(pages.filter((page) => page.startsWith('docs/') && !linked.has(page))).toEqual([]);
  });
});

describe('code blocks', () => {
  it('every yaml block parses', () => {
    const broken: string[] = [];
    for (const { page, line, lang, text: yaml } of blocks) {
      if (lang !== 'yaml' && lang !== 'yml') continue;
      try {
        parseYaml(yaml, { uniqueKeys: true });
      } catch (error) {
        broken.push(`${page}:${line}: ${(error as Error).message}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('every whole manifest (a yaml block with version: 1) validates with the built CLI', async () => {
    const manifests = blocks.filter(({ lang, text: yaml, fragment }) => lang === 'yaml' && !fragment && /^version:\s*1\s*$/m.test(yaml));
    expect(manifests.length).toBeGreaterThanOrEqual(MIN_MANIFESTS);
    const files = manifests.map(({ text: yaml }, index) => {
      const file = join(scratch, `manifest-${index}`, 'mcp.yaml');
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${yaml}\n`);
      return file;
    });
    const runs = await runCli(
      root,
      files.map((file) => ['validate', '-m', file, '--quiet']),
    );
    const failures = runs.map(({ code, stdout, stderr }, index) =>
      code === 0 ? undefined : `${manifests[index].page}:${manifests[index].line}: exit ${code}\n${stdout}${stderr}`,
    );
    expect(failures.filter(Boolean)).toEqual([]);
  });

  it('every mcp-gen command line uses only commands and options that --help lists', async () => {
    const shown = blocks
      .filter(({ lang }) => ['', 'sh', 'bash', 'shell', 'console', 'zsh', 'fish', 'text'].includes(lang))
      .flatMap(({ page, line, text: code }) => invocations(code).map((invocation) => ({ page, line, invocation })));
    expect(shown.length).toBeGreaterThanOrEqual(MIN_COMMAND_LINES);
    const paths = new Map(shown.flatMap(({ invocation }) => commandPaths(invocation)).map((path) => [path.join(' '), path]));
    const runs = await runCli(
      root,
      [...paths.values()].map((path) => [...path, '--help']),
    );
    const listings = new Map([...paths.keys()].map((key, index) => [key, parseHelp(runs[index].stdout)]));
    expect(listings.get('')?.commands).toContain('validate'); // the help was read at all
    const help = (path: string[]): HelpListing => listings.get(path.join(' ')) ?? { commands: [], options: [] };
    const problems = shown.flatMap(({ page, line, invocation }) =>
      unknownUsage(invocation, help).map((problem) => `${page}:${line}: ${invocation.source}\n  ${problem}`),
    );
    expect(problems).toEqual([]);
  });
});

describe('the feature table of docs/shipping.md', () => {
  it('lists every runtime feature with its files and packages, as generator/model/runtime-features.ts has them', () => {
    const doc = readFileSync(join(root, 'docs', 'shipping.md'), 'utf8');
    const start = doc.indexOf('| feature | on when the manifest has |');
    const rows = doc
      .slice(start, doc.indexOf('\n\n', start))
      .split('\n')
      .slice(2)
      .map((line) => line.split(' | '));
    const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    expect(
      rows.map(([name, , files, packages]) => ({
        name: name.replace(/^\| /, ''),
        files: ticked(files).filter((f) => !f.includes('/')),
        packages: ticked(packages).filter((p) => /^(@[\w.-]+\/)?[\w.*-]+$/.test(p)),
      })),
    ).toEqual(
      featureRows().map((row) => ({
        ...row,
        // The OpenTelemetry packages are many: the table names them by their scope.
        packages: row.name === 'telemetry' ? ['@opentelemetry/*'] : row.packages,
      })),
    );
  });
});
