import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../../../generator/core/index.js';
import { malformedMimeTypes } from '../../../../generator/validate/lint/mime-types.js';

const server = { name: 's', version: '1' };
const EMBEDDED = ', and the file is embedded as base64 (blob), not as text';
const NOT_A_TYPE = 'is not a media type (type/subtype): clients go by it to show or parse the content';

describe('malformedMimeTypes', () => {
  const cases: { name: string; given: Partial<Manifest>; want: string[] }[] = [
    {
      name: 'a file extension on a resource, with the type meant',
      given: { resources: { a: { uri: 'x://a', mimeType: 'json' } } },
      want: [`resources.a.mimeType: "json" ${NOT_A_TYPE} | did you mean 'application/json'?`],
    },
    {
      name: 'a dotted extension on a template',
      given: { resourceTemplates: { t: { uriTemplate: 'x://{id}', mimeType: '.PNG' } } },
      want: [`resourceTemplates.t.mimeType: ".PNG" ${NOT_A_TYPE} | did you mean 'image/png'?`],
    },
    {
      name: 'a resource whose file would be embedded as base64',
      given: { resources: { a: { uri: 'x://a', file: 'notes.md', mimeType: 'markdown' } } },
      want: [`resources.a.mimeType: "markdown" ${NOT_A_TYPE}${EMBEDDED} | did you mean 'text/markdown'?`],
    },
    {
      name: 'a space around a valid type',
      given: { resources: { a: { uri: 'x://a', file: 'a.txt', mimeType: 'text/plain ' } } },
      want: [`resources.a.mimeType: "text/plain " ${NOT_A_TYPE} | did you mean 'text/plain'?`],
    },
    {
      name: 'an unknown word gets the general hint',
      given: { server: { ...server, icons: [{ src: 'https://x.example/i.png', mimeType: 'picture' }] } },
      want: [`server.icons.0.mimeType: "picture" ${NOT_A_TYPE} | write type/subtype, e.g. text/plain, application/json or image/png`],
    },
    {
      name: 'prompt content: an image file is base64 whatever its type',
      given: { prompts: { p: { messages: [{ role: 'user', content: { type: 'image', file: 'a.png', mimeType: 'png' } }] } } },
      want: [`prompts.p.messages.0.content.mimeType: "png" ${NOT_A_TYPE} | did you mean 'image/png'?`],
    },
    {
      name: 'valid types, with parameters, and mimeType in schemas and _meta left alone',
      given: {
        resources: { a: { uri: 'x://a', mimeType: 'text/plain; charset=utf-8', _meta: { mimeType: 'whatever' } } },
        definitions: { File: { type: 'object', properties: { mimeType: { type: 'string', default: 'json' } } } },
        tools: { t: { inputSchema: { type: 'object', default: { mimeType: 'json' } } } },
      },
      want: [],
    },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    const found = malformedMimeTypes({ version: 1, server, ...given } as Manifest);
    expect(found.map((f) => `${f.path.join('.')}: ${f.message} | ${f.hint}`)).toEqual(want);
  });
});
