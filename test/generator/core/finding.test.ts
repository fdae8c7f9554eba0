import { describe, expect, it } from 'vitest';
import { closest, formatPath } from '../../../generator/core/finding.js';
import type { PathSegment } from '../../../generator/load/load-manifest.js';

describe('formatPath', () => {
  const cases: { name: string; given: PathSegment[]; want: string }[] = [
    { name: 'empty', given: [], want: '' },
    { name: 'one key', given: ['server'], want: 'server' },
    { name: 'dotted identifiers', given: ['tools', 'get_forecast', 'inputSchema'], want: 'tools.get_forecast.inputSchema' },
    { name: 'array index', given: ['prompts', 'x', 'arguments', 0, 'name'], want: 'prompts.x.arguments[0].name' },
    { name: 'name with dash and dot is quoted', given: ['tools', 'API-get.user'], want: 'tools["API-get.user"]' },
    { name: 'dollar keys are identifiers', given: ['definitions', 'A', '$ref'], want: 'definitions.A.$ref' },
    { name: 'key starting with a digit', given: ['tools', '3d'], want: 'tools["3d"]' },
    { name: 'empty key', given: ['properties', ''], want: 'properties[""]' },
    { name: 'key with a quote', given: ['a', 'say "hi"'], want: 'a["say \\"hi\\""]' },
    { name: 'non-identifier first segment', given: ['x-y', 'z'], want: '["x-y"].z' },
    { name: 'index first', given: [2, 'a'], want: '[2].a' },
    { name: 'nested indices', given: ['items', 0, 1], want: 'items[0][1]' },
    { name: 'non-ASCII key is quoted', given: ['tools', 'café'], want: 'tools["café"]' },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(formatPath(given)).toBe(want);
  });
});

describe('closest', () => {
  const TOOL_KEYS = ['title', 'description', 'inputSchema', 'outputSchema', 'annotations', 'icons', '_meta'];
  const cases: { name: string; given: [string, string[]]; want: string | undefined }[] = [
    { name: 'one letter missing', given: ['descripton', TOOL_KEYS], want: 'description' },
    { name: 'transposed letters', given: ['tilte', TOOL_KEYS], want: 'title' },
    { name: 'case differences are free', given: ['InputSchema', TOOL_KEYS], want: 'inputSchema' },
    { name: 'snake case of a camel key', given: ['input_schema', TOOL_KEYS], want: 'inputSchema' },
    { name: 'plural', given: ['tool', ['tools', 'prompts', 'resources']], want: 'tools' },
    { name: 'far word', given: ['zzzzzzzz', TOOL_KEYS], want: undefined },
    { name: 'unrelated short word', given: ['foo', TOOL_KEYS], want: undefined },
    { name: 'no candidates', given: ['title', []], want: undefined },
    { name: 'exact match', given: ['icons', TOOL_KEYS], want: 'icons' },
    { name: 'first of equally close candidates', given: ['cat', ['bat', 'hat']], want: 'bat' },
    // Threshold: max(2, floor(length / 3)) edits.
    { name: 'three edits allowed for a 9-letter word', given: ['abcdefxyz', ['abcdefghi']], want: 'abcdefghi' },
    { name: 'four edits too many for a 9-letter word', given: ['abcdewxyz', ['abcdefghi']], want: undefined },
    { name: 'two edits allowed for a short word', given: ['uir', ['uri']], want: 'uri' },
    { name: 'three edits too many for a short word', given: ['abc', ['xyz']], want: undefined },
  ];
  it.each(cases)('$name', ({ given: [word, candidates], want }) => {
    expect(closest(word, candidates)).toBe(want);
  });

  it('accepts any iterable of candidates', () => {
    expect(closest('nmae', new Set(['name', 'uri']))).toBe('name');
  });
});
