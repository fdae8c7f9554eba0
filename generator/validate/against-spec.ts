// Checks what a generated server will publish (tool, resource, template, prompt, server info) against the official
// MCP schema.json of every spec revision it may be served under.
// The validators are ajv standalone code built by scripts/build-spec-validators.mjs: compiling the MCP schemas
// with ajv at run time costs far more than the whole `mcp-gen validate` budget.
import type { ErrorObject } from 'ajv';
import { specValidatorFactories, type GeneratedValidator } from './spec-validators.gen.js';

export type SpecKind = 'Tool' | 'Resource' | 'ResourceTemplate' | 'Prompt' | 'Implementation';

export const SPEC_REVISIONS = ['2025-06-18', '2025-11-25', '2026-07-28'] as const;

export type PathSegment = string | number;

export interface SpecViolation {
  /** One revision, or several joined with ', ' when they report the same thing. */
  revision: string;
  /** Where inside the validated value; numbers index arrays. */
  path: PathSegment[];
  message: string;
}

/** A problem found by an ajv validator, worded for people. */
export interface AjvProblem {
  path: PathSegment[];
  message: string;
}

const validators = new Map<string, GeneratedValidator>();

function validatorFor(revision: string, kind: SpecKind): GeneratedValidator {
  const key = `${revision}/${kind}`;
  let validate = validators.get(key);
  if (!validate) {
    const factory = specValidatorFactories[key];
    if (!factory) throw new Error(`mcp-gen: no MCP schema for ${kind} in revision '${revision}'`);
    validate = factory();
    validators.set(key, validate);
  }
  return validate;
}

export function validateAgainstSpec(kind: SpecKind, value: unknown, revisions: readonly string[] = SPEC_REVISIONS): SpecViolation[] {
  const merged = new Map<string, { revisions: string[]; problem: AjvProblem }>();
  for (const revision of revisions) {
    const validate = validatorFor(revision, kind);
    if (validate(value)) continue;
    for (const problem of explainAjvErrors(validate.errors ?? [], value)) {
      const key = `${JSON.stringify(problem.path)}\u0000${problem.message}`;
      const seen = merged.get(key);
      if (seen) seen.revisions.push(revision);
      else merged.set(key, { revisions: [revision], problem });
    }
  }
  return [...merged.values()].map(({ revisions: rs, problem }) => ({ revision: rs.join(', '), ...problem }));
}

// ---------------------------------------------------------------------------------------------------------------
// Turning ajv errors into a short list of readable problems.
//
// With allErrors, a failed anyOf/oneOf reports every branch's failures plus its own "must match a schema".
// Usually one branch is what the author meant and the others failed only because the value has a different shape
// (wrong type, or not one of an enum of another type), so shape failures at a combinator are dropped whenever
// something more specific is reported at or below the same place. Branches cannot be told apart reliably (a
// $ref'd branch reports schema paths of its target), so this works on instance paths alone.

type Params = Record<string, unknown>;

interface Item {
  path: PathSegment[];
  key: string;
  keyword: string;
  params: Params;
  data: unknown;
  shape: boolean;
  message: string;
}

const COMBINATORS = new Set(['anyOf', 'oneOf', 'if', 'propertyNames']);

export function explainAjvErrors(errors: readonly ErrorObject[], root: unknown): AjvProblem[] {
  const items = errors.map((e) => toItem(e, root));
  const combinatorAt = new Set(items.filter((i) => COMBINATORS.has(i.keyword)).map((i) => i.key));
  const specific = items.filter((i) => !COMBINATORS.has(i.keyword));

  const kept = items.filter((item) => {
    if (COMBINATORS.has(item.keyword)) {
      if (item.keyword === 'oneOf' && Array.isArray(item.params.passingSchemas)) return true;
      return !specific.some((o) => startsWith(o.path, item.path));
    }
    if (!item.shape || !combinatorAt.has(item.key)) return true;
    const moreSpecific = (o: Item) => o !== item && startsWith(o.path, item.path) && (!o.shape || o.path.length > item.path.length);
    return !specific.some(moreSpecific);
  });
  return mergeAlternatives(kept, combinatorAt);
}

/**
 * Alternatives left at one place become one message listing everything accepted there: shape failures at a
 * combinator, and const/enum failures below one (the tags of a discriminated union).
 */
function mergeAlternatives(items: readonly Item[], combinatorAt: ReadonlySet<string>): AjvProblem[] {
  const combinators = [...combinatorAt].map((key) => JSON.parse(key) as PathSegment[]);
  const isChoice = (item: Item) => item.keyword === 'const' || item.keyword === 'enum';
  const mergeable = (item: Item) =>
    (item.shape && combinatorAt.has(item.key)) || (isChoice(item) && combinators.some((c) => startsWith(item.path, c)));

  const out: AjvProblem[] = [];
  const groups = new Map<string, { problem: AjvProblem; options: string[] }>();
  const seen = new Set<string>();
  for (const item of items) {
    const group = groups.get(item.key);
    if (group && mergeable(item)) {
      for (const option of alternatives(item)) if (!group.options.includes(option)) group.options.push(option);
      group.problem.message = `must be ${joinOr(group.options)}`;
      continue;
    }
    const id = `${item.key}\u0000${item.message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const problem = { path: item.path, message: item.message };
    if (mergeable(item) && !group) groups.set(item.key, { problem, options: alternatives(item) });
    out.push(problem);
  }
  return out;
}

function alternatives(item: Item): string[] {
  if (item.keyword === 'type') return String(item.params.type).split(',').map(typeName);
  if (item.keyword === 'const') return [json(item.params.allowedValue)];
  return [`one of ${listValues(item.params.allowedValues)}`];
}

function toItem(e: ErrorObject, root: unknown): Item {
  const base = pointerToPath(e.instancePath, root);
  const params = e.params as Params;
  const data = valueAt(root, base);
  let path = base;
  let message = describe(e.keyword, params);
  if (e.keyword === 'additionalProperties' || e.keyword === 'unevaluatedProperties') {
    const name = String(params.additionalProperty ?? params.unevaluatedProperty);
    path = [...base, name];
  }
  // Errors from inside propertyNames carry the offending name; ajv reports them at the owning object.
  if (e.propertyName !== undefined) {
    path = [...base, e.propertyName];
    message = `property name ${message}`;
  }
  const shape = isShapeError(e.keyword, params, data);
  return { path, key: JSON.stringify(path), keyword: e.keyword, params, data, shape, message };
}

/** A type mismatch, or a const/enum none of whose values even has the value's JSON type. */
function isShapeError(keyword: string, params: Params, data: unknown): boolean {
  if (keyword === 'type') return true;
  let allowed: unknown[] | undefined;
  if (keyword === 'const') allowed = [params.allowedValue];
  if (keyword === 'enum') allowed = params.allowedValues as unknown[];
  return allowed !== undefined && !allowed.some((v) => jsonType(v) === jsonType(data));
}

function startsWith(path: readonly PathSegment[], prefix: readonly PathSegment[]): boolean {
  return prefix.length <= path.length && prefix.every((segment, n) => path[n] === segment);
}

function describe(keyword: string, p: Params): string {
  switch (keyword) {
    case 'type':
      return `must be ${joinOr(String(p.type).split(',').map(typeName))}`;
    case 'required':
      return `must have required property '${p.missingProperty}'`;
    case 'const':
      return `must be equal to ${json(p.allowedValue)}`;
    case 'enum':
      return `must be one of ${listValues(p.allowedValues)}`;
    case 'format':
      return `must match format "${p.format}"`;
    case 'pattern':
      return `must match pattern "${p.pattern}"`;
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return 'is not an allowed property';
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'formatMinimum':
    case 'formatMaximum':
      return `must be ${p.comparison} ${p.limit}`;
    case 'minLength':
      return `must NOT have fewer than ${p.limit} characters`;
    case 'maxLength':
      return `must NOT have more than ${p.limit} characters`;
    case 'minItems':
      return `must NOT have fewer than ${p.limit} items`;
    case 'maxItems':
      return `must NOT have more than ${p.limit} items`;
    case 'minProperties':
      return `must NOT have fewer than ${p.limit} properties`;
    case 'maxProperties':
      return `must NOT have more than ${p.limit} properties`;
    case 'uniqueItems':
      return `must NOT have duplicate items (items ${p.j} and ${p.i} are identical)`;
    case 'multipleOf':
      return `must be a multiple of ${p.multipleOf}`;
    case 'dependencies':
    case 'dependentRequired':
      return `must have property '${p.missingProperty}' when property '${p.property}' is present`;
    case 'contains':
      return 'must contain at least one valid item';
    case 'not':
      return 'must NOT match the schema in "not"';
    case 'false schema':
      return 'is not allowed here';
    case 'anyOf':
      return 'must match at least one of the schemas in "anyOf"';
    case 'oneOf':
      return Array.isArray(p.passingSchemas)
        ? `must match exactly one schema in "oneOf" but matches ${p.passingSchemas.join(' and ')}`
        : 'must match exactly one schema in "oneOf"';
    case 'if':
      return `must match the "${p.failingKeyword}" schema`;
    case 'propertyNames':
      return `has an invalid property name '${p.propertyName}'`;
    default:
      return `must pass the "${keyword}" check`;
  }
}

function typeName(type: string): string {
  if (type === 'null') return 'null';
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function joinOr(options: string[]): string {
  return options.length <= 2 ? options.join(' or ') : `${options.slice(0, -1).join(', ')} or ${options.at(-1)}`;
}

function listValues(values: unknown): string {
  return Array.isArray(values) ? values.map(json).join(', ') : json(values);
}

function json(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** ajv's instancePath as segments, with array indices as numbers (decided by the data, not by the text). */
export function pointerToPath(pointer: string, root: unknown): PathSegment[] {
  if (pointer === '') return [];
  const path: PathSegment[] = [];
  let node: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const segment: PathSegment = Array.isArray(node) && /^\d+$/.test(token) ? Number(token) : token;
    path.push(segment);
    node = child(node, segment);
  }
  return path;
}

/** The value at `path` inside `root`, or undefined. */
export function valueAt(root: unknown, path: readonly PathSegment[]): unknown {
  let node = root;
  for (const segment of path) node = child(node, segment);
  return node;
}

function child(node: unknown, segment: PathSegment): unknown {
  if (node === null || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, segment)) return undefined;
  return (node as Record<PathSegment, unknown>)[segment];
}
