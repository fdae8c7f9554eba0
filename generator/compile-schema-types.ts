// One json-schema-to-typescript pass over every schema of the manifest: a per-schema compile costs ~12 ms each,
// one batched compile of 500 schemas ~70 ms. Each schema becomes a property of one synthetic root, so its local
// refs are rewritten to point below that property; shared `#/definitions/X` refs keep pointing at the root.
import { compile } from 'json-schema-to-typescript';
import type { JsonSchema } from './manifest-types.js';
import { isObject, sharedDefinitionName, walkSchema } from './schema-refs.js';

export interface NamedSchema {
  /** Exported type name, e.g. `GetForecastInput`. */
  typeName: string;
  schema: JsonSchema;
}

// json-schema-to-typescript copies these keywords into the output verbatim; manifest text must never become code.
const CODE_KEYWORDS = ['tsType', 'tsEnumNames', 'tsName'];

export async function compileSchemaTypes(schemas: NamedSchema[], shared: Record<string, JsonSchema>): Promise<string> {
  if (schemas.length === 0) return '';
  const properties: Record<string, unknown> = {};
  for (const { typeName, schema } of schemas) properties[typeName] = prepare(schema, typeName, shared);
  const definitions = Object.fromEntries(Object.entries(shared).map(([k, v]) => [k, prepare(v, undefined, shared)]));
  const root = { type: 'object', properties, definitions, additionalProperties: false, required: Object.keys(properties) };
  try {
    return indentTypes(stripRoot(await compileQuietly(root)));
  } catch {
    // One schema the compiler cannot handle must not cost every tool its types: isolate it and fall back to unknown.
    const parts = await Promise.all(schemas.map(async (s) => {
      const single = { type: 'object', properties: { [s.typeName]: properties[s.typeName] }, definitions, additionalProperties: false, required: [s.typeName] };
      try {
        return stripRoot(await compileQuietly(single));
      } catch {
        return `/** The schema could not be turned into a TypeScript type. */\nexport type ${s.typeName} = unknown;\n`;
      }
    }));
    return indentTypes(dedupeDeclarations(parts.join("\n")));
  }
}

const ROOT_NAME = 'McpGenSchemaRoot';

async function compileQuietly(root: object): Promise<string> {
  return compile(root as never, ROOT_NAME, {
    bannerComment: '',
    format: false,
    declareExternallyReferenced: true,
    // No index signature unless a schema asks for one: a property removed from the manifest must fail to compile.
    additionalProperties: false,
    unknownAny: true,
    strictIndexSignatures: false,
    unreachableDefinitions: false,
    $refOptions: { resolve: { file: false, http: false } } as never,
  });
}

function prepare(schema: JsonSchema, typeName: string | undefined, shared: Record<string, JsonSchema>): JsonSchema {
  if (!isObject(schema)) return schema;
  const copy = structuredClone(schema) as Record<string, unknown>;
  const own = isObject(copy.definitions) ? copy.definitions : {};
  walkSchema(copy, (s) => {
    for (const k of CODE_KEYWORDS) delete s[k];
    if (typeof s.$ref !== 'string' || !s.$ref.startsWith('#') || typeName === undefined) return;
    const shareName = sharedDefinitionName(s.$ref);
    if (shareName !== undefined && !Object.hasOwn(own, shareName) && Object.hasOwn(shared, shareName)) return;
    s.$ref = `#/properties/${typeName}${s.$ref.slice(1)}`;
  });
  if (typeName !== undefined) copy.title = typeName;
  delete copy.$schema;
  delete copy.$id;
  return copy;
}

/** Drops the synthetic root interface, keeping the named types it pulled in. */
function stripRoot(ts: string): string {
  return ts.replace(new RegExp(`export interface ${ROOT_NAME} \\{[\\s\\S]*?\\n\\}\\n?`), '').trim() + '\n';
}

function dedupeDeclarations(ts: string): string {
  const seen = new Set<string>();
  return ts
    .split(/\n(?=export |\/\*\*)/)
    .filter((block) => {
      const m = /^(?:\/\*\*[\s\S]*?\*\/\n)?export (?:interface|type) (\w+)/.exec(block);
      if (!m) return true;
      if (seen.has(m[1])) return false;
      seen.add(m[1]);
      return true;
    })
    .join('\n');
}

/** json-schema-to-typescript prints flat text when its formatter is off; indent by nesting depth instead. */
export function indentTypes(ts: string): string {
  let depth = 0;
  return ts
    .split('\n')
    .map((raw) => {
      const line = raw.trim();
      if (line === '') return '';
      if (/^[}\])]/.test(line)) depth = Math.max(0, depth - 1);
      const pad = '  '.repeat(depth) + (line.startsWith('*') ? ' ' : '');
      const code = line.startsWith('*') || line.startsWith('/**') ? '' : line.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '');
      const opens = (code.match(/[{[(]/g) ?? []).length;
      const closes = (code.match(/[}\])]/g) ?? []).length - (/^[}\])]/.test(line) ? 1 : 0);
      depth = Math.max(0, depth + opens - closes);
      return pad + line;
    })
    .join('\n');
}
