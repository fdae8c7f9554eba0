// Checks that a tool's inputSchema / outputSchema is valid JSON Schema for the dialect it declares, using the
// official meta-schemas (as bundled with ajv) compiled ahead of time by scripts/build-spec-validators.mjs.
// Formats a schema uses (`format: "zip-code"`) are annotations and never an error here. Of the formats the
// meta-schemas put on the schema itself only "regex" is checked: the SDK's ajv throws on a pattern it cannot compile.
import { metaSchemaValidatorFactories, type GeneratedValidator } from './spec-validators.gen.js';
import { closest } from '../core/index.js';
import { explainAjvErrors, valueAt, type PathSegment } from './against-spec.js';
import { quoted } from './manifest-shape.js';

export interface SchemaProblem {
  /** Where inside the schema; numbers index arrays. */
  path: PathSegment[];
  message: string;
  hint?: string;
}

export type JsonSchemaDialect = 'draft-07' | '2019-09' | '2020-12';

/** Accepted `$schema` values without their http(s) scheme and trailing `#`. MCP's default is 2020-12. */
const DIALECTS: ReadonlyMap<string, JsonSchemaDialect> = new Map([
  ['json-schema.org/draft-07/schema', 'draft-07'],
  ['json-schema.org/draft/2019-09/schema', '2019-09'],
  ['json-schema.org/draft/2020-12/schema', '2020-12'],
]);

export const SUPPORTED_DIALECTS_TEXT = 'JSON Schema 2020-12 (the default when $schema is absent), 2019-09 or draft-07';

const validators = new Map<JsonSchemaDialect, GeneratedValidator>();

function metaValidator(dialect: JsonSchemaDialect): GeneratedValidator {
  let validate = validators.get(dialect);
  if (!validate) {
    validate = metaSchemaValidatorFactories[dialect]();
    validators.set(dialect, validate);
  }
  return validate;
}

/**
 * The dialect a schema declares. A `$schema` that is not a string is left to the meta-schema to report, so it
 * counts as the default here; an unknown URI gives undefined.
 */
export function jsonSchemaDialect(schema: unknown): JsonSchemaDialect | undefined {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return '2020-12';
  const declared = (schema as Record<string, unknown>).$schema;
  if (typeof declared !== 'string') return '2020-12';
  const match = /^https?:\/\/(.*?)#?$/.exec(declared);
  return match ? DIALECTS.get(match[1]) : undefined;
}

export function checkJsonSchema(schema: unknown): SchemaProblem[] {
  const dialect = jsonSchemaDialect(schema);
  if (!dialect) {
    const declared = String((schema as Record<string, unknown>).$schema);
    // The SDK's validator throws on draft-04 and custom meta-schemas. It would run draft-06 with its draft-07
    // engine, which is not quite what such a schema asks for.
    return [{ path: ['$schema'], message: `unsupported $schema '${declared}': use ${SUPPORTED_DIALECTS_TEXT}` }];
  }
  const validate = metaValidator(dialect);
  if (validate(schema)) return [];
  return explainAjvErrors(validate.errors ?? [], schema).map((problem) => reword(problem, schema));
}

const JSON_TYPES = ['array', 'boolean', 'integer', 'null', 'number', 'object', 'string'];
/** Type names of other languages that people write for a JSON Schema type. */
const TYPE_ALIASES: Record<string, string> = {
  int: 'integer',
  long: 'integer',
  float: 'number',
  double: 'number',
  decimal: 'number',
  bool: 'boolean',
  str: 'string',
  text: 'string',
  date: 'string',
  list: 'array',
  dict: 'object',
  map: 'object',
  none: 'null',
};

/** Names what is wrong with an invalid regular expression, or which type was meant, beyond the meta-schema's words. */
function reword(problem: SchemaProblem, schema: unknown): SchemaProblem {
  const typeName = valueAt(schema, problem.path);
  if (problem.message.endsWith(JSON_TYPES.map((t) => `"${t}"`).join(', ')) && typeof typeName === 'string') {
    const meant = TYPE_ALIASES[typeName.toLowerCase()] ?? closest(typeName, JSON_TYPES);
    if (!meant) return problem;
    const format = typeName.toLowerCase() === 'date' ? ' with format: date' : '';
    return { ...problem, hint: `did you mean '${meant}'${format}?` };
  }
  const hint = shapeHint(problem, typeName);
  if (hint) return { ...problem, hint };
  if (!problem.message.endsWith('must match format "regex"')) return problem;
  const isName = problem.message.startsWith('property name');
  const source = isName ? problem.path.at(-1) : valueAt(schema, problem.path);
  let reason = 'it does not compile';
  try {
    new RegExp(String(source), 'u');
  } catch (e) {
    reason = (e as Error).message;
  }
  const what = isName ? 'property name is not' : 'is not';
  return { path: problem.path, message: `${what} a valid regular expression with the "u" flag ajv uses: ${reason}` };
}

/** Keywords of other schema languages, and YAML's reading of a bare `null`, where JSON Schema wants another shape. */
function shapeHint(problem: SchemaProblem, value: unknown): string | undefined {
  const { path } = problem;
  const key = path.at(-1);
  const parent = path.at(-2);
  if (key === 'required' && typeof value === 'boolean' && path.at(-3) === 'properties' && typeof parent === 'string') {
    return `JSON Schema lists required names on the object: put '${parent}' in the required: [...] beside properties, and drop required: ${value} here`;
  }
  if (value === null && (key === 'type' || (typeof key === 'number' && parent === 'type'))) {
    return 'quote it: "null" (a bare null is YAML for no value)';
  }
  const scalar = /must be (?:a |an )?(number|integer|boolean)$/.exec(problem.message);
  const unquote = scalar ? quoted(scalar[1], value) : undefined;
  if (unquote) return unquote.hint;
  if (problem.message.endsWith('must be an array') && typeof value === 'string' && (key === 'enum' || key === 'required')) {
    return `write a list: ${key}: [${value}]`;
  }
  return undefined;
}
