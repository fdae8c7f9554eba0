// The readers behind the docs test, on cases whose answers GitHub and the shell settle.
import { describe, expect, it } from 'vitest';
import { commandPaths, invocations, parseHelp, unknownUsage } from './cli-usage.js';
import { codeBlocks, githubSlug, headingAnchors, links } from './markdown.js';

describe('markdown', () => {
  it('makes heading anchors the way GitHub does', () => {
    const seen = new Map<string, number>();
    expect(githubSlug('The manifest (version 1)', seen)).toBe('the-manifest-version-1');
    expect(githubSlug('Examples, contract tests and mock mode', seen)).toBe('examples-contract-tests-and-mock-mode');
    expect(githubSlug('C++ & Go', seen)).toBe('c--go');
    expect(githubSlug('snake_case names', seen)).toBe('snake_case-names');
    expect(headingAnchors('# Scale\n\n```\n# not a heading\n```\n## `diff` and [lint](x.md)\n## Scale\n')).toEqual(
      new Set(['scale', 'diff-and-lint', 'scale-1']),
    );
  });

  it('finds links outside code only, and code blocks with their fragment marker', () => {
    const md = [
      'See [a](a.md#top) and `[b](b.md)`; [x]: y.md is no definition here',
      '[c]: <c.md>',
      '<!-- fragment: placeholders -->',
      '',
      '````yaml',
      '[d](d.md)',
      '```',
      '````',
      '~~~sh',
      'x',
      '~~~',
    ].join('\n');
    expect(links(md).map(({ target }) => target)).toEqual(['a.md#top', 'c.md']);
    expect(codeBlocks(md)).toEqual([
      { lang: 'yaml', text: '[d](d.md)\n```', line: 5, fragment: true },
      { lang: 'sh', text: 'x', line: 9, fragment: false },
    ]);
    expect(() => codeBlocks('```\nopen')).toThrow(/never closed/);
  });
});

describe('command lines', () => {
  it('reads the words of each mcp-gen command, not comments, pipes or other programs', () => {
    const code = [
      'npm ci   # builds mcp-gen (dist/)',
      'source <(mcp-gen completion bash) && mcp-gen fmt --check | cat',
      'mcp-gen import server [-H "Name: value"]... [--era=modern] -- node server.js --port 1',
      'cat .mcp-gen/state.json',
    ].join('\n');
    expect(invocations(code).map(({ words }) => words)).toEqual([
      ['completion', 'bash'],
      ['fmt', '--check'],
      ['import', 'server', '-H', 'Name:', 'value', '--era', '--', 'node', 'server.js', '--port', '1'],
    ]);
    expect(commandPaths(invocations('mcp-gen import server --url U')[0])).toEqual([['import'], ['import', 'server'], []]);
  });

  it('holds a command line against the help of the commands it names', () => {
    const helps: Record<string, string> = {
      '': 'Usage: mcp-gen\n\nOptions:\n  -v, --version  v\n\nCommands:\n  import  i\n  fmt [options]  f\n',
      import: 'Options:\n  -h, --help  h\n\nCommands:\n  server [options] [command...]  s\n',
      'import server': 'Options:\n  --url <url>  the\n               endpoint\n  --no-generate  n\n',
      fmt: 'Options:\n  -m, --manifest <file>  m\n  --check  c\n',
    };
    const help = (path: string[]) => parseHelp(helps[path.join(' ')] ?? '');
    const check = (line: string) => unknownUsage(invocations(line)[0], help);
    expect(check('mcp-gen import server --url U --no-generate -- x --anything')).toEqual([]);
    expect(check('mcp-gen fmt -m mcp.yaml --check')).toEqual([]);
    expect(check('mcp-gen --version')).toEqual([]);
    expect(check('mcp-gen fmt --write')).toEqual([expect.stringContaining('no option --write')]);
    expect(check('mcp-gen import sever')).toEqual([expect.stringContaining('no such command')]);
    expect(check('mcp-gen lint')).toEqual([expect.stringContaining('no such command')]);
  });
});
