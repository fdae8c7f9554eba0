import { describe, expect, it } from 'vitest';
import { loadManifest } from '../../../generator/load/load-manifest.js';

const lines = (...l: string[]) => `${l.join('\n')}\n`;
const GENERIC = 'check the indentation and quoting here';

describe('syntax errors with a known cause: the hint says what to write', () => {
  const cases: { name: string; given: string; hint: string }[] = [
    {
      name: 'a colon and a space in a text',
      given: lines('tools:', '  a:', '    description: Note: this tool is slow'),
      hint: `": " inside an unquoted value starts a mapping; quote the value: description: 'Note: this tool is slow'`,
    },
    {
      name: 'a text that starts like a list',
      given: lines('tools:', '  a:', '    title: [beta] Search'),
      hint: "a value that starts with [ is a list, and text after its end is an error; quote the value: title: '[beta] Search'",
    },
    {
      name: 'a reserved first character, with a comment after the value and a quote inside it',
      given: lines('prompts:', "  - text: @user isn't here # who"),
      hint: `an unquoted value cannot start with "@"; quote the value: text: '@user isn''t here'`,
    },
    {
      name: 'a bracket never closed',
      given: lines('a: [1, 2'),
      hint: 'a [ or { opened here is never closed: add the closing bracket, or quote the value if the bracket is text',
    },
    { name: 'a tab for indentation', given: lines('a:', '\tb: 1'), hint: 'YAML indents with spaces only: replace the tab with spaces' },
    {
      name: 'a key out of line with the keys above it',
      given: lines('a:', '  b: 1', ' c: 2'),
      hint: 'the keys of one map start in the same column: line this key up with the keys above it',
    },
    { name: 'a quote never closed', given: lines('a: "x'), hint: 'a quoted text opened here is never closed: add the closing quote' },
    {
      name: 'a second document',
      given: lines('a: 1', '---', 'b: 2'),
      hint: 'a manifest is one YAML document: remove the --- line and what follows, or merge it',
    },
  ];
  it.each(cases)('$name', ({ given, hint }) => {
    const loaded = loadManifest('mcp.yaml', given);
    expect(loaded.issues.map((i) => [i.code, i.hint])).toEqual([['yaml/syntax', hint]]);
  });

  it('an error of no known cause keeps the general hint', () => {
    const loaded = loadManifest('mcp.yaml', lines('a: |', 'b'));
    expect(loaded.issues.length).toBeGreaterThan(0);
    expect(loaded.issues.map((i) => [i.code, i.hint])).toEqual(loaded.issues.map(() => ['yaml/syntax', GENERIC]));
  });

  it('each suggestion reads back as the text that was written', () => {
    const written: Record<string, string> = { description: 'Note: this tool is slow', title: '[beta] Search', text: "@user isn't here" };
    for (const { hint } of cases.slice(0, 3)) {
      const suggestion = /quote the value: (.*)$/.exec(hint)?.[1] ?? '';
      const loaded = loadManifest('mcp.yaml', `${suggestion}\n`);
      expect(loaded.issues).toEqual([]);
      const [key, value] = Object.entries(loaded.data as Record<string, string>)[0];
      expect(value).toBe(written[key]);
    }
  });
});
