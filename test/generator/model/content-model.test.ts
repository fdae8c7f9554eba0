import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  completionHandler,
  completionModels,
  fileContents,
  inlineResourceContent,
  messageModels,
} from '../../../generator/model/content-model.js';

const base = mkdtempSync(join(tmpdir(), 'content-model-'));
const manifestPath = join(base, 'mcp.yaml');
writeFileSync(join(base, 'notes.md'), '# Notes\n');
writeFileSync(join(base, 'pixel.bin'), Buffer.from([0, 1, 2, 255]));
writeFileSync(join(base, 'plain'), 'héllo');

describe('fileContents', () => {
  const cases: { name: string; given: [string, string | undefined]; want: object }[] = [
    { name: 'textual MIME type', given: ['notes.md', 'text/markdown'], want: { text: '# Notes\n' } },
    { name: 'binary MIME type', given: ['notes.md', 'image/png'], want: { blob: Buffer.from('# Notes\n').toString('base64') } },
    { name: 'JSON suffix is text', given: ['notes.md', 'application/ld+json'], want: { text: '# Notes\n' } },
    { name: 'parameters do not make text binary', given: ['notes.md', 'application/json; charset=utf-8'], want: { text: '# Notes\n' } },
    { name: 'no MIME type, UTF-8', given: ['plain', undefined], want: { text: 'héllo' } },
    { name: 'no MIME type, binary', given: ['pixel.bin', undefined], want: { blob: 'AAEC/w==' } },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(fileContents(base, ...given)).toEqual(want);
  });
});

describe('inlineResourceContent', () => {
  it('writes text, blob and file content as a property, and null for a handler', () => {
    expect(inlineResourceContent({ uri: 'x://a', text: 'hi "there"' }, manifestPath)).toBe('text: "hi \\"there\\""');
    expect(inlineResourceContent({ uri: 'x://a', blob: 'aGk=' }, manifestPath)).toBe('blob: "aGk="');
    expect(inlineResourceContent({ uri: 'x://a', file: 'pixel.bin' }, manifestPath)).toBe('blob: "AAEC/w=="');
    expect(inlineResourceContent({ uri: 'x://a' }, manifestPath)).toBeNull();
  });
});

describe('messageModels', () => {
  const cases: { name: string; given: Parameters<typeof messageModels>[0]; want: string[] }[] = [
    {
      name: 'text shorthand without arguments',
      given: { messages: [{ role: 'user', text: 'Hi {{x}}' }] },
      want: ['{ type: "text", text: "Hi {{x}}" }'],
    },
    {
      name: 'placeholders render from args',
      given: {
        arguments: [{ name: 'x' }],
        messages: [
          { role: 'assistant', text: 'Hi {{x}}' },
          { role: 'user', text: 'plain' },
        ],
      },
      want: ['{ type: "text", text: renderTemplate("Hi {{x}}", args) }', '{ type: "text", text: "plain" }'],
    },
    {
      name: 'image from a file',
      given: { messages: [{ role: 'user', content: { type: 'image', file: 'pixel.bin', mimeType: 'image/png' } }] },
      want: ['{ type: "image", data: "AAEC/w==", "mimeType": "image/png" }'],
    },
    {
      name: 'embedded resource with a rendered URI',
      given: {
        arguments: [{ name: 'u' }],
        messages: [{ role: 'user', content: { type: 'resource', resource: { uri: '{{u}}', mimeType: 'text/plain', text: 'body' } } }],
      },
      want: ['{ type: "resource", resource: { uri: renderTemplate("{{u}}", args), mimeType: "text/plain", text: "body" } }'],
    },
    {
      name: 'resource link',
      given: { messages: [{ role: 'user', content: { type: 'resource_link', uri: 'x://a', name: 'a', size: 3 } }] },
      want: ['{ type: "resource_link", uri: "x://a", "name": "a", "size": 3 }'],
    },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(messageModels(given, manifestPath).map((m) => m.contentExpr)).toEqual(want);
  });
});

describe('completions', () => {
  it('separates static lists from handler completions', () => {
    expect(completionModels({ a: ['x', 'y'], b: true, c: undefined })).toEqual([
      { keyLiteral: '"a"', valuesLiteral: '["x", "y"]' },
      { keyLiteral: '"b"', valuesLiteral: null },
    ]);
    expect(completionHandler('prompts', 'plan-trip', { a: ['x'] }, 'PlanTripArgs')).toBeNull();
    expect(completionHandler('prompts', 'plan-trip', { a: ['x'], b: true }, 'PlanTripArgs')).toMatchObject({
      ident: 'planTripCompletions',
      alias: 'completePromptPlanTrip',
      handlerFile: 'src/handlers/completions/prompts/plan_trip.ts',
      typeName: 'PromptCompletions',
      keys: ['"b"'],
    });
  });
});
