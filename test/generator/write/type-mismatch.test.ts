import { describe, expect, it } from 'vitest';
import { parseDiagnostics } from '../../../generator/write/project-compiler.js';
import { readResultMismatch, toolResultMismatch, withCause } from '../../../generator/write/type-mismatch.js';

// Compiler output as `tsc --pretty false` prints it (types shortened where they do not matter).
const HANDLER = `h.ts(6,14): error TS2322: Type '(input: I, ctx: Context) => Promise<R>' is not assignable to type 'ToolHandler<"t">'.`;
const print = (...chain: string[]) => [HANDLER, ...chain.map((l, i) => `${'  '.repeat(i + 1)}${l}`)].join('\n');

describe('parseDiagnostics', () => {
  it('keeps the elaboration under each error, without related information', () => {
    const [first, second] = parseDiagnostics(
      `${print("Type 'A' is not assignable to type 'B'.")}\n  other.ts(1,2): The expected type comes from here.\nh.ts(9,1): error TS2304: Cannot find name 'x'.\n`,
    );
    expect(first).toMatchObject({ line: 6, column: 14, code: 2322, chain: ["Type 'A' is not assignable to type 'B'."] });
    expect(second).toMatchObject({ line: 9, code: 2304, text: "Cannot find name 'x'.", chain: [] });
  });
});

describe('toolResultMismatch', () => {
  const cases: { name: string; given: string; want: string | undefined }[] = [
    {
      name: 'a property of an array item of the wrong type',
      given: print(
        "Type '{ days: { high: string; }[]; }' is not assignable to type 'TOutput'.",
        "Types of property 'days' are incompatible.",
        "Type '{ high: string; }[]' is not assignable to type '{ high: number; }[]'.",
        "Type '{ high: string; }' is not assignable to type '{ high: number; }'.",
        "Types of property 'high' are incompatible.",
        "Type 'string' is not assignable to type 'number'.",
      ),
      want: 'the result does not fit t.outputSchema: days[].high is string, where the schema says number',
    },
    {
      name: 'a required property left out at the top',
      given: print("Property 'city' is missing in type '{ days: never[]; }' but required in type 'TOutput'."),
      want: 'the result does not fit t.outputSchema: city is missing, and the schema requires it',
    },
    {
      name: 'a plain object where structured() belongs',
      given: print(
        "Type '{ city: string; } | ToolErrorResult' is not assignable to type 'ToolSuccess<TOutput> | ToolErrorResult'.",
        "Type '{ city: string; }' is not assignable to type 'ToolSuccess<TOutput> | ToolErrorResult'.",
        "Type '{ city: string; }' is not assignable to type 'ToolErrorResult'.",
        "Property 'content' is missing in type '{ city: string; }' but required in type '{ [x: string]: unknown; }'.",
      ),
      want: 'the result is a plain object: return structured({...}) for t.outputSchema, or toolError(message) for a failure',
    },
    {
      name: 'text() where an outputSchema is declared',
      given: print(
        "Type 'CallToolResult' is not assignable to type 'ToolSuccess<TOutput>'.",
        "Types of property 'structuredContent' are incompatible.",
        "Type 'unknown' is not assignable to type 'TOutput'.",
      ),
      want: 'the result carries no structuredContent: return structured({...}) for t.outputSchema (text() and result() are for tools without one), or toolError(message) for a failure',
    },
    {
      name: 'a result without content where no outputSchema is declared: the compiler says it well',
      given: print("Property 'content' is missing in type '{ a: number; }' but required in type 'CallToolResult'."),
      want: undefined,
    },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(toolResultMismatch(parseDiagnostics(given)[0], 't')).toBe(want);
  });
});

describe('readResultMismatch', () => {
  const cases: { name: string; kind: string; given: string; want: string | undefined }[] = [
    {
      name: 'contents left out',
      kind: 'resourceTemplates',
      given: print(
        "Type '{ text: string; }' is not assignable to type 'R'.",
        "Property 'contents' is missing in type '{ text: string; }' but required in type '{ [x: string]: unknown; }'.",
      ),
      want: 'the result needs contents: return { contents: [{ uri: uri.href, text }] } (blob, in base64, for binary data)',
    },
    {
      name: 'an item with neither text nor blob: the compiler names blob, the last branch',
      kind: 'resources',
      given: print(
        "Type 'Promise<{ contents: { uri: string; txt: string; }[]; }>' is not assignable to type 'Promise<R>'.",
        "Types of property 'contents' are incompatible.",
        "Type '{ uri: string; txt: string; }[]' is not assignable to type '({ text: string; } | { blob: string; })[]'.",
        "Property 'blob' is missing in type '{ uri: string; txt: string; }' but required in type '{ uri: string; blob: string; }'.",
      ),
      want: 'each item of contents needs text (or blob, in base64, for binary data) beside its uri',
    },
    {
      name: 'messages left out of a prompt result',
      kind: 'prompts',
      given: print("Property 'messages' is missing in type '{ text: string; }' but required in type 'GetPromptResult'."),
      want: "the result needs messages: return { messages: [{ role: 'user', content: { type: 'text', text } }] }",
    },
    {
      name: 'anything else is left to the compiler',
      kind: 'resources',
      given: print("Type 'number' is not assignable to type 'string'."),
      want: undefined,
    },
  ];
  it.each(cases)('$name', ({ kind, given, want }) => {
    expect(readResultMismatch(parseDiagnostics(given)[0], kind)).toBe(want);
  });
});

describe('withCause', () => {
  it('adds the end of the elaboration and where it applies', () => {
    const [d] = parseDiagnostics(
      print(
        "Types of parameters 'input' and 'input' are incompatible.",
        "Types of property 'town' are incompatible.",
        "Type 'string' is not assignable to type 'number'.",
      ),
    );
    expect(withCause(d)).toBe(
      `TS2322: ${HANDLER.replace(/^.*TS2322: /, '')} At input.town: Type 'string' is not assignable to type 'number'.`,
    );
  });

  it('is the first line alone when there is no elaboration', () => {
    expect(withCause(parseDiagnostics(HANDLER)[0])).toBe(`TS2322: ${HANDLER.replace(/^.*TS2322: /, '')}`);
  });
});
