// Text YAML reads other than it was meant, with nothing downstream to notice (a JSON Schema keyword it does not know
// is allowed and published; a short description is still a description):
// - in a flow mapping a comma ends the value before it: `{description: Find by title, author or tag}` is a
//   description "Find by title" and a key "author or tag" with no value (an error);
// - a tag other than the core schema's: `!!binary` makes bytes, `!!timestamp` a date, `!!set` a set, and an unknown
//   `!custom` is dropped with a warning, so the value is not what validation, the generator and clients see as written;
// - ` #` starts a comment: `description: Closes issue #42` is the description "Closes issue" (a warning, since a
//   comment written without a space after `#` is legal; one with the space is never flagged).
import type * as Yaml from 'yaml';
import type { Document, Node, Pair, Scalar } from 'yaml';
import type { Issue, PathSegment } from '../core/index.js';
import { formatPath } from '../core/index.js';

/** The error's code. A check more than a parse error: `mcp-gen diff` reads a BASE that predates it all the same. */
export const KEY_WITHOUT_VALUE = 'yaml/key-without-value';

/**
 * Whether the fast reader, which keeps no syntax, must hand the text to the position-keeping one: a mapping holds a
 * null value (all a key without a value leaves in the data), or a `#` follows a space and precedes text.
 */
export function mayBeMisread(source: string, data: unknown): boolean {
  return COMMENT_WITHOUT_SPACE.test(source) || hasNullMember(data);
}

const COMMENT_WITHOUT_SPACE = /\S[ \t]+#[^\s#]/;

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

type Position = (offset: number) => { line: number; column: number };

/** The error's code. The data of a manifest with one is not read: what the tag made of it is not what was written. */
export const FOREIGN_TAG = 'yaml/tag';

export function misreadText(doc: Document, yaml: typeof Yaml, source: string, position: Position): Issue[] {
  const { isMap, isScalar, isSeq } = yaml;
  const issues: Issue[] = [];
  const visit = (node: unknown, path: PathSegment[]): void => {
    const tag = foreignTag(node);
    // What is inside a foreign tag's node is read by its type's rules (`!!set {a}` has keys without values).
    if (tag) return void issues.push(tagIssue(tag, path, (node as Node).range?.[0] ?? 0, source, position));
    if (isScalar(node)) {
      const issue = commentInText(node, path, source, position);
      if (issue) issues.push(issue);
    } else if (isSeq(node)) node.items.forEach((item, i) => visit(item, [...path, i]));
    else if (isMap(node)) {
      node.items.forEach((pair, i) => {
        const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
        if (!node.flow || pair.value !== null) return visit(pair.value, [...path, key]);
        issues.push({
          code: KEY_WITHOUT_VALUE,
          severity: 'error',
          path: formatPath([...path, key]),
          message: `${JSON.stringify(key)} is a key without a value: in a flow mapping ({...}) a comma ends the value before it`,
          hint: quoteHint(node.items as Pair[], i, source, isScalar) ?? 'write `key: value`, or quote the value the comma belongs to',
          ...position((pair.key as Node | null)?.range?.[0] ?? 0),
        });
      });
    }
  };
  visit(doc.contents, []);
  return issues;
}

const CORE_TAGS = new Set(['!', ...['str', 'int', 'float', 'bool', 'null', 'map', 'seq'].map((t) => `tag:yaml.org,2002:${t}`)]);

function foreignTag(node: unknown): string | undefined {
  const tag = (node as { tag?: unknown } | null)?.tag;
  return typeof tag === 'string' && !CORE_TAGS.has(tag) ? tag.replace(/^tag:yaml\.org,2002:/, '!!') : undefined;
}

function tagIssue(tag: string, path: PathSegment[], nodeStart: number, source: string, position: Position): Issue {
  // The node's range starts after its tag (and anchor); the tag is where the fix goes.
  const at = source.lastIndexOf(tag.startsWith('!!') ? tag : '!', nodeStart);
  return {
    code: FOREIGN_TAG,
    severity: 'error',
    path: formatPath(path),
    message: `the YAML tag ${tag} has no place in a manifest: it reads as ${tag.startsWith('!!') ? 'a value JSON has no type for' : 'an unknown type'}`,
    hint: 'remove the tag: a manifest holds text, numbers, booleans, lists and maps (binary content is base64 text in blob:, or a file: next to the manifest)',
    ...position(at >= 0 ? at : nodeStart),
  };
}

/** `description: Closes issue #42`: a plain string followed on its line by a comment whose `#` touches its text. */
function commentInText(node: Scalar, path: PathSegment[], source: string, position: Position): Issue | undefined {
  if (node.type !== 'PLAIN' || typeof node.value !== 'string' || !node.comment || !node.range) return undefined;
  const after = /^[ \t]+#([^\s#][^\n]*)/.exec(source.slice(node.range[1], node.range[2]));
  if (!after) return undefined;
  const start = node.range[1] + after[0].indexOf('#');
  const whole = `${node.value}${source.slice(node.range[1], start)}#${after[1].trimEnd()}`;
  const key = path.at(-1);
  return {
    code: 'yaml/comment-in-text',
    severity: 'warning',
    path: formatPath(path),
    message: `"#${after[1].trimEnd()}" is a comment: a # after a space starts one, so the value is ${JSON.stringify(node.value)}`,
    hint: `if it belongs to the text, quote it: ${typeof key === 'string' ? `${key}: ` : ''}${JSON.stringify(whole)}; if it is a comment, put a space after the #`,
    ...position(start),
  };
}

const LIST_KEYWORDS = new Set(['enum', 'required', 'type', 'examples']);

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
  // `enum: name, population` meant a list: JSON Schema's list keywords take brackets, not quotes.
  if (LIST_KEYWORDS.has(ownerKey)) return `if these are the values of ${ownerKey}, write a list: ${ownerKey}: [${text}]`;
  return `if the comma belongs to the text, quote it: ${ownerKey}: ${JSON.stringify(text)}`;
}
