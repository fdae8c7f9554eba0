// Validates example values against a tool's JSON Schemas the way the generated server will: the SDK's ajv engines
// (2020-12 by default, 2019-09 or draft-07 by $schema), formats checked, not strict about unknown keywords.
// Engines are built on first use, so manifests without examples never pay for them.
import { createRequire } from 'node:module';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { jsonSchemaDialect, type JsonSchemaDialect } from './json-schema.js';
import { explainAjvErrors, type AjvProblem } from './against-spec.js';

interface Engine {
  compile(schema: unknown): ValidateFunction;
}

const require = createRequire(import.meta.url);
const engines = new Map<JsonSchemaDialect, Engine>();
const compiled = new WeakMap<object, ValidateFunction>();

function engine(dialect: JsonSchemaDialect): Engine {
  let e = engines.get(dialect);
  if (!e) {
    const module = dialect === '2020-12' ? 'ajv/dist/2020' : dialect === '2019-09' ? 'ajv/dist/2019' : 'ajv';
    const Ajv = require(module).default;
    const addFormats = require('ajv-formats').default;
    e = new Ajv({ strict: false, validateFormats: true, validateSchema: false, allErrors: true }) as Engine;
    addFormats(e);
    engines.set(dialect, e);
  }
  return e;
}

/**
 * Problems of `value` against `schema` (already bundled with the shared definitions it references), with paths
 * inside the value. A schema that cannot be compiled yields nothing here: schema validation reports it.
 */
export function validateExampleValue(schema: unknown, value: unknown): AjvProblem[] {
  if (typeof schema === 'boolean') return schema ? [] : [{ path: [], message: 'the schema is false: no value is valid' }];
  if (schema === null || typeof schema !== 'object') return [];
  const dialect = jsonSchemaDialect(schema);
  if (!dialect) return [];
  let validate = compiled.get(schema);
  if (!validate) {
    try {
      validate = engine(dialect).compile(schema);
    } catch {
      return [];
    }
    compiled.set(schema, validate);
  }
  if (validate(value)) return [];
  return explainAjvErrors((validate.errors ?? []) as ErrorObject[], value);
}
