// Shapes of the manifest's examples, and the helpers the contract tests and mock mode share: finding the example a
// call matches, and the `ignore:` paths (`structuredContent.days[*].date`, `content[0].text`).

export type JsonObject = { [key: string]: unknown };

interface ExampleBase {
  name: string;
  description?: string;
  /** Paths into `output` whose values are volatile: compared for presence only. */
  ignore: string[];
}

export interface ToolExample extends ExampleBase {
  input: JsonObject;
  output?: { structuredContent?: JsonObject; content?: JsonObject[]; isError?: boolean; messagePattern?: string };
}

export interface ReadExample extends ExampleBase {
  /** Resource templates: the URI read, and the variables the server's matcher reads from it. */
  uri?: string;
  variables?: JsonObject;
  output: { contents: JsonObject[] };
}

export interface PromptExample extends ExampleBase {
  input: Record<string, string>;
  output: { description?: string; messages: JsonObject[] };
}

export interface Examples {
  tools: Record<string, ToolExample[]>;
  resources: Record<string, ReadExample[]>;
  resourceTemplates: Record<string, ReadExample[]>;
  prompts: Record<string, PromptExample[]>;
}

/**
 * JSON with object keys sorted, so equal values give equal text whatever their key order. mcp-gen compares with it too.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as JsonObject).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

export function sameJson(a: unknown, b: unknown): boolean {
  return canonicalJson(a ?? {}) === canonicalJson(b ?? {});
}

export type IgnoreSegment = string | number | '*';

/**
 * Segments of an ignore path (`structuredContent.days[*].date`), or undefined when it is malformed. `[*]` and a `*`
 * segment match every item or key. mcp-gen validates manifests with this same function.
 */
export function parseIgnorePath(path: string): IgnoreSegment[] | undefined {
  const segments: IgnoreSegment[] = [];
  const token = /([^.[\]]+)|\[(\d+|\*)\]/y;
  let i = 0;
  while (i < path.length) {
    if (path[i] === '.' && i > 0 && path[i - 1] !== '.') i++;
    token.lastIndex = i;
    const m = token.exec(path);
    if (!m) return undefined;
    if (m[1] !== undefined) segments.push(m[1]);
    else segments.push(m[2] === '*' ? '*' : Number(m[2]));
    i = token.lastIndex;
  }
  return segments.length > 0 && !path.endsWith('.') ? segments : undefined;
}

/**
 * A deep copy of `value` with every location an ignore path reaches replaced by `marker(original)`. Validation has
 * checked each path's syntax, and that it reaches something in the example.
 */
export function replaceIgnored<T>(value: T, paths: readonly string[], marker: (original: unknown) => unknown): T {
  const copy = structuredClone(value);
  for (const path of paths) {
    const segments = parseIgnorePath(path) ?? [];
    const visit = (node: unknown, depth: number): void => {
      if (node === null || typeof node !== 'object') return;
      const container = node as Record<string | number, unknown>;
      const seg = segments[depth];
      const keys = seg === '*' ? Object.keys(container) : Object.hasOwn(container, seg) ? [seg] : [];
      for (const key of keys) {
        if (depth === segments.length - 1) container[key] = marker(container[key]);
        else visit(container[key], depth + 1);
      }
    };
    visit(copy, 0);
  }
  return copy;
}

/** The text of a result's text blocks, one per line: what an error result says. */
export function textOf(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .filter(
      (b): b is { type: 'text'; text: string } =>
        b !== null && typeof b === 'object' && b.type === 'text' && typeof b.text === 'string',
    )
    .map((b) => b.text)
    .join('\n');
}
