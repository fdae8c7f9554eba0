// Which operations of the document become tools, and under which names. Names come from `x-mcp.name`, else the
// operationId, else the method and path; each is made a valid MCP tool name and deduplicated (also against
// names that would share a handler file or identifier), with a warning whenever a name had to change.
import type { PathSegment } from '../../load/index.js';
import { camelCase, fileBase, pascalCase, TOOL_NAME_PATTERN } from '../../core/index.js';
import type { Json, SpecDocument, SpecFinding } from './load.js';
import { deref } from './refs.js';
import { isObject } from '../../core/index.js';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface OperationFilters {
  tags: string[];
  paths: string[];
  /** Only operations marked `x-mcp: true` (or an x-mcp object). */
  xMcpOnly: boolean;
}

export interface SelectedOperation {
  path: string;
  method: (typeof HTTP_METHODS)[number];
  op: Json;
  pathItem: Json;
  /** Where the operation is in the document, for positions. */
  at: PathSegment[];
  pathItemAt: PathSegment[];
  name: string;
  /** Overrides from an `x-mcp` object: title, description. */
  overrides: Json;
}

export function selectOperations(spec: SpecDocument, filters: OperationFilters, findings: SpecFinding[]): SelectedOperation[] {
  const selected: SelectedOperation[] = [];
  const pathPatterns = filters.paths.map(globToRegExp);
  for (const [path, rawItem] of Object.entries(spec.doc.paths as Json)) {
    const item = deref(spec.doc, rawItem, ['paths', path], findings);
    if (!item) continue;
    if (pathPatterns.length && !pathPatterns.some((re) => re.test(path))) continue;
    const itemMark = xMcp(item.value['x-mcp'], [...item.path, 'x-mcp'], findings);
    for (const method of HTTP_METHODS) {
      const op = item.value[method];
      if (op === undefined) continue;
      const at = [...item.path, method];
      if (!isObject(op)) {
        findings.push({ path: at, message: 'an operation must be a map' });
        continue;
      }
      const mark = xMcp(op['x-mcp'], [...at, 'x-mcp'], findings) ?? itemMark;
      if (mark === false) continue;
      if (filters.xMcpOnly && mark === undefined) continue;
      const tags = Array.isArray(op.tags) ? op.tags : [];
      if (filters.tags.length && !tags.some((t) => filters.tags.includes(t as string))) continue;
      selected.push({ path, method, op, pathItem: item.value, at, pathItemAt: item.path, name: '', overrides: isObject(mark) ? mark : {} });
    }
  }
  assignNames(selected, findings);
  return selected;
}

/** `x-mcp`: false excludes, true or a map (with name, title, description) includes; undefined when absent. */
function xMcp(value: unknown, at: PathSegment[], findings: SpecFinding[]): boolean | Json | undefined {
  if (value === undefined || typeof value === 'boolean') return value;
  if (!isObject(value)) {
    findings.push({ path: at, message: 'x-mcp must be true, false, or a map with name, title and description' });
    return undefined;
  }
  for (const [k, v] of Object.entries(value)) {
    if (!['name', 'title', 'description'].includes(k))
      findings.push({
        path: [...at, k],
        at: 'key',
        message: `x-mcp has no field ${JSON.stringify(k)}`,
        hint: 'x-mcp takes name, title and description',
      });
    else if (typeof v !== 'string') findings.push({ path: [...at, k], message: `x-mcp.${k} must be a string` });
  }
  if (typeof value.name === 'string' && !TOOL_NAME_PATTERN.test(value.name)) {
    findings.push({
      path: [...at, 'name'],
      message: `x-mcp.name ${JSON.stringify(value.name)} is not a valid MCP tool name`,
      hint: 'use 1-128 characters of A-Z a-z 0-9 _ - .',
    });
  }
  return value;
}

function assignNames(ops: SelectedOperation[], findings: SpecFinding[]): void {
  const taken = new Map<string, string>();
  // Names import has to make up follow the document's own convention, so the manifest reads as one piece.
  const ids = ops.map((o) => o.op.operationId).filter((id): id is string => typeof id === 'string');
  const camel = ids.filter((id) => /^[a-z][a-zA-Z0-9]*$/.test(id)).length * 2 > ids.length;
  const where = (o: SelectedOperation) => `${o.method.toUpperCase()} ${o.path}`;
  for (const o of ops) {
    const explicit = typeof o.overrides.name === 'string' ? o.overrides.name : undefined;
    const operationId = typeof o.op.operationId === 'string' ? o.op.operationId : undefined;
    const wanted = explicit ?? operationId ?? `${o.method}_${o.path}`;
    let name = sanitize(wanted) || sanitize(`${o.method}_${o.path}`) || o.method;
    if (camel && explicit === undefined && name !== operationId && camelCase(name)) name = camelCase(name);
    const namePath: PathSegment[] =
      explicit !== undefined ? [...o.at, 'x-mcp', 'name'] : operationId !== undefined ? [...o.at, 'operationId'] : o.at;
    if (operationId !== undefined && explicit === undefined && name !== operationId) {
      findings.push({
        path: namePath,
        severity: 'warning',
        message: `operationId ${JSON.stringify(operationId)} is not a valid MCP tool name: the tool is named ${JSON.stringify(name)}`,
      });
    }
    const base = name;
    const clash = () =>
      keys(name)
        .map((k) => taken.get(k))
        .find((v) => v !== undefined);
    const first = clash();
    const separator = /^[a-z][a-zA-Z0-9]*$/.test(base) ? '' : '_';
    for (let i = 2; clash() !== undefined; i++) name = `${base.slice(0, 124)}${separator}${i}`;
    if (first !== undefined) {
      findings.push({
        path: namePath,
        severity: 'warning',
        message: `${JSON.stringify(base)} is already the name of ${first} (or would share its handler file): this tool is named ${JSON.stringify(name)}`,
        hint: 'give one of them a distinct operationId, or x-mcp: {name: ...}',
      });
    }
    for (const k of keys(name)) taken.set(k, where(o));
    o.name = name;
  }
}

/** Every name a tool claims: itself, its handler file, its identifier and its type names. */
function keys(name: string): string[] {
  return [`name:${name}`, `file:${fileBase(name)}`, `ident:${camelCase(name)}`, `type:${pascalCase(name)}`];
}

export function sanitize(name: string): string {
  const clean = name
    .replace(/[^A-Za-z0-9_.-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[_.-]+|[_.-]+$/g, '')
    .slice(0, 128);
  return /[A-Za-z0-9]/.test(clean) ? clean : '';
}

function globToRegExp(pattern: string): RegExp {
  return new RegExp(
    `^${pattern
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
}
