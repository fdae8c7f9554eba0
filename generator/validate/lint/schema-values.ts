// Values a schema names itself (default, const, enum, examples) that the same schema rejects. JSON Schema allows them,
// and nothing else notices: a default of "x" on an integer tells a client to send what the server refuses, and
// `enum: [1.0, 2.0]` under `type: string` (YAML reads 1.0 as a number) leaves no valid argument at all. Only the
// keywords of the schema object that holds the value are checked: type, enum, const, and the bounds of strings,
// numbers and arrays.
import { isDeepStrictEqual } from 'node:util';
import { isObject, walkSchema, type PathSegment } from '../../core/index.js';
import type { LintFinding } from './lint-finding.js';

type Json = Record<string, unknown>;

export function rejectedSchemaValues(schema: unknown, at: PathSegment[]): LintFinding[] {
  const found: LintFinding[] = [];
  if (!isObject(schema)) return found;
  walkSchema(schema as Json, (node, path) => {
    const check = (value: unknown, where: PathSegment[], skip: string, what: string) => {
      const reason = rejection(node, value, skip);
      if (reason)
        found.push({
          path: [...at, ...path, ...where],
          message: `${what} ${show(value)} is rejected by its own schema: ${reason}`,
          hint: hintFor(node, value),
        });
    };
    if ('default' in node) check(node.default, ['default'], '', 'default');
    if ('const' in node) check(node.const, ['const'], 'const', 'const');
    if (Array.isArray(node.enum)) node.enum.forEach((v, i) => check(v, ['enum', i], 'enum', 'enum value'));
    if (Array.isArray(node.examples)) node.examples.forEach((v, i) => check(v, ['examples', i], '', 'example'));
  });
  return found;
}

/** Why the schema object `node` rejects `value` by its own keywords (type, enum, const, bounds); undefined if it does not. */
export function valueRejection(node: Json, value: unknown): string | undefined {
  return rejection(node, value, '');
}

/** Why `node` rejects `value`, looking at its own keywords except `skip` (an enum's values are not held to the enum). */
function rejection(node: Json, value: unknown, skip: string): string | undefined {
  const types = typeof node.type === 'string' ? [node.type] : Array.isArray(node.type) ? node.type : undefined;
  if (types && !types.some((t) => hasType(value, t))) return `not ${types.map(article).join(' or ')}`;
  if (skip !== 'enum' && Array.isArray(node.enum) && !node.enum.some((e) => isDeepStrictEqual(e, value))) return 'not one of its enum';
  if (skip !== 'const' && 'const' in node && !isDeepStrictEqual(node.const, value)) return `not its const ${show(node.const)}`;
  if (typeof value === 'string') return stringRejection(node, value);
  if (typeof value === 'number') return numberRejection(node, value);
  if (Array.isArray(value)) {
    if (typeof node.minItems === 'number' && value.length < node.minItems) return `fewer than minItems ${node.minItems}`;
    if (typeof node.maxItems === 'number' && value.length > node.maxItems) return `more than maxItems ${node.maxItems}`;
  }
  return undefined;
}

function stringRejection(node: Json, value: string): string | undefined {
  const length = [...value].length;
  if (typeof node.minLength === 'number' && length < node.minLength) return `shorter than minLength ${node.minLength}`;
  if (typeof node.maxLength === 'number' && length > node.maxLength) return `longer than maxLength ${node.maxLength}`;
  if (typeof node.pattern === 'string') {
    let re: RegExp;
    try {
      re = new RegExp(node.pattern, 'u');
    } catch {
      return undefined;
    }
    if (!re.test(value)) return `does not match its pattern ${JSON.stringify(node.pattern)}`;
  }
  return undefined;
}

function numberRejection(node: Json, value: number): string | undefined {
  const bound = (k: string) => (typeof node[k] === 'number' ? (node[k] as number) : undefined);
  const [min, max, xmin, xmax] = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'].map(bound);
  if (min !== undefined && value < min) return `below its minimum ${min}`;
  if (max !== undefined && value > max) return `above its maximum ${max}`;
  if (xmin !== undefined && value <= xmin) return `not above its exclusiveMinimum ${xmin}`;
  if (xmax !== undefined && value >= xmax) return `not below its exclusiveMaximum ${xmax}`;
  return undefined;
}

function hasType(value: unknown, type: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    default:
      return true;
  }
}

/** The usual cause: YAML read as a number, boolean or null what was meant as text. */
function hintFor(node: Json, value: unknown): string {
  const wantsString = node.type === 'string' || (Array.isArray(node.type) && node.type.includes('string'));
  if (wantsString && (typeof value === 'number' || typeof value === 'boolean' || value === null))
    return `YAML reads it as ${value === null ? 'null' : `a ${typeof value}`}: quote it if it is text`;
  return 'change the value or the schema so that they agree';
}

function article(type: unknown): string {
  return type === 'integer' || type === 'array' || type === 'object' ? `an ${type}` : type === 'null' ? 'null' : `a ${String(type)}`;
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
