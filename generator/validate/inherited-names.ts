// Names that every JavaScript object already answers to (`constructor`, `toString`, `__proto__`, ...). The SDK keeps
// tools, prompts and resource templates in plain objects keyed by name, so such a name reads as registered and the
// server fails at start-up; and its validator (ajv) reads properties without an own-property check, so an argument
// or property of such a name counts as present when it is absent, and a call without it is refused.
import type { Finding } from '../core/index.js';
import type { PathSegment } from '../load/index.js';
import type { JsonSchema, Manifest } from '../core/index.js';
import { APP_NAME_PATTERN, appEntries, entriesOf, KIND_LABEL } from '../core/index.js';
import { isObject, measureJson, SCHEMA_LIMITS, walkSchema } from '../core/index.js';

const INHERITED = new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__']);
// The kinds the SDK keys by name (see above); resources it keys by URI.
const KINDS = ['tools', 'prompts', 'resourceTemplates'] as const;

export function checkInheritedNames(m: Manifest): Finding[] {
  const findings: Finding[] = [];
  for (const kind of KINDS) {
    const word = KIND_LABEL[kind];
    for (const [name] of entriesOf(m, kind)) {
      if (!INHERITED.has(name)) continue;
      findings.push({
        code: 'name/inherited',
        path: [kind, name],
        at: 'key',
        message: `${word} name ${JSON.stringify(name)} is a property every JavaScript object has; the MCP SDK would take it as already registered`,
        hint: `rename it (for example ${JSON.stringify(`${name.replace(/^_+|_+$/g, '')}_${word.split(' ')[0]}`)})`,
      });
    }
  }
  for (const [name] of appEntries(m)) {
    // `__proto__` fails the name pattern already (name/invalid-app-name).
    if (!INHERITED.has(name) || !APP_NAME_PATTERN.test(name)) continue;
    findings.push({
      code: 'name/inherited',
      path: ['apps', name],
      at: 'key',
      message: `app name ${JSON.stringify(name)} is a property every JavaScript object has; code that looks views up by name would find it already there`,
      hint: `rename it (for example ${JSON.stringify(`${name}_view`)})`,
    });
  }
  for (const [name, prompt] of entriesOf(m, 'prompts')) {
    if (!Array.isArray(prompt.arguments)) continue;
    prompt.arguments.forEach((arg, i) => {
      if (isObject(arg) && typeof arg.name === 'string' && INHERITED.has(arg.name))
        findings.push(inherited(['prompts', name, 'arguments', i, 'name'], arg.name, 'argument', 'value'));
    });
  }
  const schemas: [PathSegment[], JsonSchema][] = [];
  if (isObject(m.definitions))
    for (const [name, s] of Object.entries(m.definitions)) schemas.push([['definitions', name], s as JsonSchema]);
  for (const [name, tool] of entriesOf(m, 'tools')) {
    for (const field of ['inputSchema', 'outputSchema'] as const)
      if (tool[field] !== undefined) schemas.push([['tools', name, field], tool[field]!]);
  }
  for (const [path, schema] of schemas) {
    const size = measureJson(schema, SCHEMA_LIMITS.depth, SCHEMA_LIMITS.nodes);
    if (size.tooDeep || size.nodes > SCHEMA_LIMITS.nodes) continue; // check-schemas reports it; walking it could overflow
    walkSchema(schema, (s, at) => {
      if (!isObject(s.properties)) return;
      for (const key of Object.keys(s.properties))
        if (INHERITED.has(key)) findings.push(inherited([...path, ...at, 'properties', key], key, 'property', 'key'));
    });
  }
  return findings;
}

function inherited(path: PathSegment[], name: string, what: string, at: 'key' | 'value'): Finding {
  return {
    code: 'name/inherited',
    path,
    at,
    message: `${what} name ${JSON.stringify(name)} is a property every JavaScript object has: the SDK's validator would count it as present when a call leaves it out`,
    hint: `rename it (for example ${JSON.stringify(`${name.replace(/^_+|_+$/g, '')}_`)})`,
  };
}
