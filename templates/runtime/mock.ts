// Mock mode (`--mock`, or MCP_MOCK=1): every tool, resource, resource template and prompt answers from the
// manifest's examples, without calling a handler. A call no example matches gets data synthesised from the tool's
// outputSchema by json-schema-faker, seeded from --mock-seed (MCP_MOCK_SEED) and the call itself, so the same seed
// gives the same answers. Client teams can build against the server before any handler exists.
import { isSpecType, type CallToolResult, type ReadResourceResult } from '@modelcontextprotocol/server';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/server/validators/ajv';
import { answerFrom, type StandIns } from './adapters.gen.js';
import * as defs from '../definitions.gen.js';
import { canonicalJson, sameJson, type JsonObject, type ReadExample } from './example-match.gen.js';
import { examples } from '../examples.gen.js';

type Fake = (schema: JsonObject, options: { seed: number }) => unknown;

export interface Mock extends StandIns {
  seed: number;
}

/**
 * Turns mock mode on for every server built from now on (the entry loads this file only then). Loads
 * json-schema-faker only when asked to: it is a devDependency (mock mode is for development), so a production install
 * (`npm ci --omit=dev`) lacks it.
 */
export async function enableMock(seed: number): Promise<Mock> {
  const { generateSync } = await import('json-schema-faker').catch((error: unknown) => {
    if ((error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new Error(
      'mock mode needs json-schema-faker, a devDependency of this project: install it (npm install) to use --mock',
    );
  });
  const mock = createMock(seed, generateSync as Fake);
  answerFrom(mock);
  return mock;
}

export function createMock(seed: number, fake: Fake): Mock {
  const validator = new AjvJsonSchemaValidator();
  /** Seeded per call: a different call gets different data, the same call with the same seed the same data. */
  const synthesize = (schema: JsonObject, key: string): JsonObject => {
    const check = validator.getValidator<JsonObject>(schema as never);
    let value: unknown;
    // The faker honours most keywords; when a schema outwits it, another seed usually does not.
    for (let attempt = 0; attempt < 20; attempt++) {
      value = fake(schema, { seed: hash(`${seed}\u0000${attempt}\u0000${key}`) });
      if (check(value).valid) break;
    }
    return value as JsonObject;
  };

  return {
    seed,
    tool(name, input) {
      const def = defs.tools.find((t) => t.name === name);
      const list = examples.tools[name] ?? [];
      const match = list.find((e) => sameJson(e.input, input));
      const key = `tool\u0000${name}\u0000${canonicalJson(input ?? {})}`;
      const out = match?.output;
      if (out?.isError) {
        const text = out.messagePattern ? readable(out.messagePattern) : `${name} failed`;
        return {
          isError: true,
          content: (out.content as CallToolResult['content'] | undefined) ?? [{ type: 'text', text }],
        };
      }
      const structured = out?.structuredContent ?? (def?.outputSchema ? synthesize(def.outputSchema, key) : undefined);
      const content = (out?.content as CallToolResult['content'] | undefined) ?? [
        {
          type: 'text',
          text:
            structured !== undefined
              ? JSON.stringify(structured)
              : `Mock answer of tool ${JSON.stringify(name)}: no example matches ${canonicalJson(input ?? {})}`,
        },
      ];
      return structured !== undefined ? { content, structuredContent: structured } : { content };
    },
    resource(name, uri) {
      const def = defs.resources.find((r) => r.name === name);
      return read(
        examples.resources[name]?.[0],
        uri,
        def?.mimeType,
        `Mock contents of resource ${JSON.stringify(name)}`,
      );
    },
    // An example answers for the URIs that fill the template's variables as its own does: weather://Lima/current
    // answers for itself only (the variables were read from the example's URI by the same matcher, at generate time).
    template(name, uri, variables) {
      const def = defs.resourceTemplates.find((t) => t.name === name);
      const list = examples.resourceTemplates[name] ?? [];
      const match =
        list.find((e) => e.uri === uri.href) ??
        list.find((e) => e.variables !== undefined && sameJson(e.variables, variables));
      return read(match, uri, def?.mimeType, `Mock contents of ${uri.href}`);
    },
    prompt(name, args) {
      const match = (examples.prompts[name] ?? []).find((e) => sameJson(e.input, args));
      // An example may leave out what the contract tests need not compare: only a whole result is served as it is.
      if (match && isSpecType.GetPromptResult(match.output)) return match.output;
      return {
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text: `Mock prompt ${JSON.stringify(name)} with arguments ${canonicalJson(args ?? {})}`,
            },
          },
        ],
      };
    },
  };
}

function read(
  example: ReadExample | undefined,
  uri: URL,
  mimeType: string | undefined,
  fallback: string,
): ReadResourceResult {
  const contents = example?.output.contents ?? [
    { text: mimeType && /json/.test(mimeType) ? JSON.stringify({ mock: fallback }) : fallback },
  ];
  return {
    contents: contents.map((c) => ({
      uri: uri.href,
      ...(mimeType !== undefined ? { mimeType } : {}),
      ...c,
    })) as ReadResourceResult['contents'],
  };
}

/** An error message from its pattern: anchors dropped, escapes undone (`^No item 404\\.$` -> `No item 404.`). */
function readable(pattern: string): string {
  return pattern
    .replace(/^\^/, '')
    .replace(/(?<!\\)\$$/, '')
    .replace(/\\(.)/g, '$1');
}

/** FNV-1a, 32 bits: a stable seed from text. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
