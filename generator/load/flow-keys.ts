// In a flow mapping a comma ends the value before it: `{description: Find by title, author or tag}` is a description
// "Find by title" and a key "author or tag" with no value. Nothing else catches it (a JSON Schema keyword it does not
// know is allowed, and would be published), so the loader reports every flow key without a value.
import type * as Yaml from 'yaml';
import type { Document, Node, Pair } from 'yaml';
import type { Issue, PathSegment } from '../core/index.js';
import { formatPath } from '../core/index.js';

/**
 * Whether some mapping holds a null value: all a key without a value leaves in the data. The fast reader, which keeps
 * no syntax, hands such text to the position-keeping one, where keysWithoutValue can tell `{a}` from `{a: null}`.
 */
export function hasNullMember(data: unknown): boolean {
  const stack: unknown[] = [data];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) if (typeof item === 'object' && item !== null) stack.push(item);
      continue;
    }
    for (const member of Object.values(value)) {
      if (member === null) return true;
      if (typeof member === 'object') stack.push(member);
    }
  }
  return false;
}

/** The issue's code. A check more than a parse error: `mcp-gen diff` reads a BASE that predates it all the same. */
export const KEY_WITHOUT_VALUE = 'yaml/key-without-value';

export function keysWithoutValue(
  doc: Document,
  yaml: typeof Yaml,
  source: string,
  position: (offset: number) => { line: number; column: number },
): Issue[] {
  const { isMap, isScalar, isSeq } = yaml;
  const issues: Issue[] = [];
  const visit = (node: unknown, path: PathSegment[]): void => {
    if (isSeq(node)) node.items.forEach((item, i) => visit(item, [...path, i]));
    if (!isMap(node)) return;
    node.items.forEach((pair, i) => {
      const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      if (!node.flow || pair.value !== null) return visit(pair.value, [...path, key]);
      const start = (pair.key as Node | null)?.range?.[0] ?? 0;
      issues.push({
        code: KEY_WITHOUT_VALUE,
        severity: 'error',
        path: formatPath([...path, key]),
        message: `${JSON.stringify(key)} is a key without a value: in a flow mapping ({...}) a comma ends the value before it`,
        hint: quoteHint(node.items as Pair[], i, source, isScalar) ?? 'write `key: value`, or quote the value the comma belongs to',
        ...position(start),
      });
    });
  };
  visit(doc.contents, []);
  return issues;
}

/** `description: "Find by title, author or tag"`: the value before the stray keys, quoted with them. */
function quoteHint(items: Pair[], index: number, source: string, isScalar: typeof Yaml.isScalar): string | undefined {
  let owner = index - 1;
  while (owner >= 0 && items[owner].value === null) owner--;
  const value = items[owner]?.value;
  const end = (items[index].key as Node | null)?.range?.[1];
  if (!isScalar(value) || value.type !== 'PLAIN' || !value.range || end === undefined) return undefined;
  const keyRange = (items[owner].key as Node).range;
  const ownerKey = keyRange ? source.slice(keyRange[0], keyRange[1]) : String(items[owner].key);
  // Quoted, the text is one line either way: a line break inside a flow scalar folds to a space.
  const text = source.slice(value.range[0], end).replace(/[ \t]*\r?\n\s*/g, ' ');
  return `if the comma belongs to the text, quote it: ${ownerKey}: ${JSON.stringify(text)}`;
}
