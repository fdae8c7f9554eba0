import type { PathSegment } from './path.js';
import { isObject } from './schema-refs.js';

/** What `eachField` calls for a member: true when it took the value, which is then not entered. */
export type FieldVisitor = (key: string, value: unknown, path: readonly PathSegment[], owner: Record<string, unknown>) => boolean;

/** Members that hold JSON Schemas, not the manifest's own fields: a `mimeType` or `_meta` there is a property name. */
const SCHEMA_FIELDS: ReadonlySet<string> = new Set(['definitions', 'inputSchema', 'outputSchema']);

/**
 * Calls `visit` for every member of every map in `root`, depth first, lists included. JSON Schemas, and members named
 * in `skip` (such as `_meta`, whose values are free), are not entered. One path stack serves the whole walk, since
 * examples can make a manifest large: `path` ends with the member's key, and a caller copies it only for what it
 * keeps.
 */
export function eachField(root: unknown, visit: FieldVisitor, skip: ReadonlySet<string> = new Set()): void {
  const path: PathSegment[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        path.push(i);
        walk(item);
        path.pop();
      });
      return;
    }
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (SCHEMA_FIELDS.has(key) || skip.has(key)) continue;
      path.push(key);
      if (!visit(key, value, path, node)) walk(value);
      path.pop();
    }
  };
  walk(root);
}
