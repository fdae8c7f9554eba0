// `required` names that no `properties` declare. JSON Schema allows them, and each is almost always a typo: the
// property a client is asked to send is described nowhere, and under `additionalProperties: false` no argument can be
// valid at all. A name counts as declared by the schema object itself, by the object whose allOf/anyOf/oneOf or
// if/then/else holds it (a branch may require what its parent declares), or by its own applicator branches. A schema
// object with a $ref or patternProperties is left alone: what it declares is not in plain sight.
import { closest, isObject, walkSchema, type PathSegment } from '../../core/index.js';
import { valueAt } from '../against-spec.js';
import type { LintFinding } from './lint-finding.js';

type Json = Record<string, unknown>;

const LIST_APPLICATORS = ['allOf', 'anyOf', 'oneOf'];
const SINGLE_APPLICATORS = ['if', 'then', 'else', 'not'];
/** Keywords whose members are named by the schema's author: a property called `then` is no applicator. */
const NAMED_MEMBERS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas', 'dependencies']);

export function undeclaredRequired(schema: unknown, at: PathSegment[]): LintFinding[] {
  const found: LintFinding[] = [];
  if (!isObject(schema)) return found;
  walkSchema(schema as Json, (node, path) => {
    if (!Array.isArray(node.required) || !isObject(node.properties) || opaque(node)) return;
    const declared = new Set([...ownNames(node), ...branchNames(node), ...enclosingNames(schema as Json, path)]);
    node.required.forEach((name, i) => {
      if (typeof name !== 'string' || declared.has(name)) return;
      const closed = node.additionalProperties === false;
      const guess = closest(name, declared);
      found.push({
        path: [...at, ...path, 'required', i],
        message: `required names "${name}", which its properties do not declare${closed ? '; with additionalProperties: false no argument can be valid' : ''}`,
        hint: guess ? `did you mean '${guess}'?` : `declare ${name} under properties, or take it out of required`,
      });
    });
  });
  return found;
}

function opaque(node: Json): boolean {
  return '$ref' in node || '$dynamicRef' in node || isObject(node.patternProperties);
}

function ownNames(node: Json): string[] {
  return isObject(node.properties) ? Object.keys(node.properties) : [];
}

/** Names the node's own allOf/anyOf/oneOf and if/then/else branches declare. */
function branchNames(node: Json): string[] {
  const branches = [
    ...LIST_APPLICATORS.flatMap((k) => (Array.isArray(node[k]) ? (node[k] as unknown[]) : [])),
    ...SINGLE_APPLICATORS.map((k) => node[k]),
  ];
  return branches.filter(isObject).flatMap((b) => ownNames(b as Json));
}

/** Names the objects declare that hold `path`'s node through applicators only (not through properties or items). */
function enclosingNames(root: Json, path: readonly PathSegment[]): string[] {
  const names: string[] = [];
  let end = path.length;
  while (end > 0) {
    const last = path[end - 1];
    const before = end >= 2 ? String(path[end - 2]) : '';
    const step =
      typeof last === 'number' && LIST_APPLICATORS.includes(before)
        ? 2
        : SINGLE_APPLICATORS.includes(String(last)) && !NAMED_MEMBERS.has(before)
          ? 1
          : 0;
    if (step === 0) break;
    end -= step;
    const parent = valueAt(root, path.slice(0, end));
    if (!isObject(parent)) break;
    names.push(...ownNames(parent as Json), ...branchNames(parent as Json));
  }
  return names;
}
