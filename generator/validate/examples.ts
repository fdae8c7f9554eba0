// Examples must be answers the server could really give: a tool example's input fits the inputSchema and its
// structuredContent the outputSchema, a template example's URI matches the template, a prompt example's input names
// the prompt's arguments. Each problem points into the example itself.
import { parseIgnorePath, resolveIgnorePath } from './example-paths.js';
import { validateExampleValue } from './example-validator.js';
import type { Finding } from '../core/index.js';
import type { PathSegment } from '../load/index.js';
import type { JsonSchema, Manifest } from '../core/index.js';
import { entriesOf, type EntryKind } from '../core/index.js';
import { DEFAULT_INPUT_SCHEMA } from '../core/index.js';
import { bundleSchema, isObject, uriMatcher } from '../core/index.js';

import type { Json } from '../core/index.js';

export function checkExamples(m: Manifest): Finding[] {
  const shared = (isObject(m.definitions) ? m.definitions : {}) as Record<string, JsonSchema>;
  const findings: Finding[] = [];
  for (const [name, tool] of entriesOf(m, 'tools')) {
    const examples = examplesOf(tool, 'tools', name);
    if (examples.length === 0) continue;
    const input = bundleSchema(tool.inputSchema ?? DEFAULT_INPUT_SCHEMA, shared);
    const output = tool.outputSchema === undefined ? undefined : bundleSchema(tool.outputSchema, shared);
    for (const [, example, path] of examples) {
      if (isObject(example.input) || example.input === undefined) {
        findings.push(
          ...schemaFindings(input, example.input ?? {}, [...path, 'input'], 'example/invalid-input', 'input does not fit inputSchema'),
        );
      }
      const out = example.output;
      if (!isObject(out)) continue;
      if (isObject(out.structuredContent) && output !== undefined && out.isError !== true) {
        findings.push(
          ...schemaFindings(
            output,
            out.structuredContent,
            [...path, 'output', 'structuredContent'],
            'example/invalid-output',
            'structuredContent does not fit outputSchema',
          ),
        );
      }
      if (typeof out.messagePattern === 'string')
        findings.push(...patternFindings(out.messagePattern, out.isError === true, [...path, 'output']));
      if (Array.isArray(out.content))
        out.content.forEach((b, i) => isObject(b) && findings.push(...contentFindings(b, [...path, 'output', 'content', i])));
      findings.push(...ignoreFindings(example.ignore, out, path));
    }
  }
  for (const kind of ['resources', 'resourceTemplates'] as const) {
    for (const [name, entry] of entriesOf(m, kind)) {
      const template = kind === 'resourceTemplates' ? (entry as { uriTemplate?: unknown }).uriTemplate : undefined;
      for (const [, example, path] of examplesOf(entry, kind, name)) {
        if (typeof template === 'string' && typeof example.uri === 'string' && !templateMatches(template, example.uri)) {
          findings.push({
            code: 'example/uri-mismatch',
            path: [...path, 'uri'],
            message: `example uri ${JSON.stringify(example.uri)} does not match the uriTemplate ${JSON.stringify(template)}`,
            hint: 'give a URI a client would read from this template, with every variable filled in',
          });
        }
        const contents = isObject(example.output) && Array.isArray(example.output.contents) ? example.output.contents : [];
        contents.forEach((c, i) => {
          if (isObject(c) && (c.text === undefined) === (c.blob === undefined)) {
            findings.push({
              code: 'example/contents',
              path: [...path, 'output', 'contents', i],
              message: 'each item of contents needs exactly one of text or blob',
            });
          }
        });
        findings.push(...ignoreFindings(example.ignore, example.output, path));
      }
    }
  }
  for (const [name, prompt] of entriesOf(m, 'prompts')) {
    const args = Array.isArray(prompt.arguments) ? prompt.arguments.filter(isObject) : [];
    for (const [, example, path] of examplesOf(prompt, 'prompts', name)) {
      const given = isObject(example.input) ? example.input : {};
      for (const key of Object.keys(given)) {
        if (args.some((a) => a.name === key)) continue;
        findings.push({
          code: 'example/unknown-argument',
          path: [...path, 'input', key],
          at: 'key',
          message: `prompt ${JSON.stringify(name)} has no argument ${JSON.stringify(key)}`,
          hint: args.length ? `its arguments are ${args.map((a) => a.name).join(', ')}` : 'it takes no arguments',
        });
      }
      for (const a of args) {
        if (a.required === true && !Object.hasOwn(given, String(a.name))) {
          findings.push({
            code: 'example/missing-argument',
            path: [...path, ...(isObject(example.input) ? ['input'] : [])],
            message: `the required argument ${JSON.stringify(a.name)} is missing from the example's input`,
          });
        }
      }
      const messages = isObject(example.output) && Array.isArray(example.output.messages) ? example.output.messages : [];
      messages.forEach((msg, i) => {
        if (isObject(msg) && isObject(msg.content))
          findings.push(...contentFindings(msg.content, [...path, 'output', 'messages', i, 'content']));
      });
      findings.push(...ignoreFindings(example.ignore, example.output, path));
    }
  }
  return findings;
}

function examplesOf(entry: object, kind: EntryKind, name: string): [string, Json, PathSegment[]][] {
  const examples = (entry as { examples?: unknown }).examples;
  if (!isObject(examples)) return [];
  return Object.entries(examples)
    .filter(([, e]) => isObject(e))
    .map(([ex, e]) => [ex, e as Json, [kind, name, 'examples', ex]]);
}

function schemaFindings(schema: unknown, value: unknown, path: PathSegment[], code: string, what: string): Finding[] {
  return validateExampleValue(schema, value).map((p) => ({
    code,
    path: [...path, ...p.path],
    message: `${what}: ${p.path.length ? p.message : p.message.replace(/^value /, '')}`,
    hint:
      code === 'example/invalid-input'
        ? 'examples are real calls: the server would refuse these arguments before the handler runs'
        : 'examples are real answers: the server would turn this structuredContent into an output validation error',
  }));
}

function patternFindings(pattern: string, isError: boolean, path: PathSegment[]): Finding[] {
  const out: Finding[] = [];
  if (!isError) {
    out.push({
      code: 'example/pattern-without-error',
      path: [...path, 'messagePattern'],
      at: 'key',
      message: 'messagePattern describes an error result, but this output does not say isError: true',
      hint: 'add isError: true, or compare a successful answer with content:',
    });
  }
  try {
    new RegExp(pattern, 'u');
  } catch (e) {
    out.push({
      code: 'example/bad-pattern',
      path: [...path, 'messagePattern'],
      message: `messagePattern is not a valid regular expression: ${(e as Error).message}`,
    });
  }
  return out;
}

const REQUIRED_FIELDS: Record<string, string[]> = {
  text: ['text'],
  image: ['data', 'mimeType'],
  audio: ['data', 'mimeType'],
  resource: ['resource'],
  resource_link: ['uri', 'name'],
};

function contentFindings(block: Json, path: PathSegment[]): Finding[] {
  const needed = Object.hasOwn(REQUIRED_FIELDS, String(block.type)) ? REQUIRED_FIELDS[String(block.type)] : [];
  const missing = needed.filter((k) => block[k] === undefined);
  if (block.type === 'resource' && isObject(block.resource)) {
    const r = block.resource;
    if (typeof r.uri !== 'string' || (r.text === undefined && r.blob === undefined))
      missing.push('resource.uri with resource.text or resource.blob');
  }
  if (missing.length === 0) return [];
  return [
    {
      code: 'example/content',
      path,
      message: `${/^[aeiou]/.test(String(block.type)) ? 'an' : 'a'} ${String(block.type)} content block needs ${missing.join(', ')}`,
      hint: 'examples are answers mock mode serves as they are, so content blocks must be complete',
    },
  ];
}

function ignoreFindings(ignore: unknown, output: unknown, path: PathSegment[]): Finding[] {
  if (!Array.isArray(ignore)) return [];
  const out: Finding[] = [];
  ignore.forEach((p, i) => {
    if (typeof p !== 'string') return;
    const segments = parseIgnorePath(p);
    if (!segments) {
      out.push({
        code: 'example/bad-ignore',
        path: [...path, 'ignore', i],
        message: `ignore path ${JSON.stringify(p)} is malformed`,
        hint: "write paths into output like 'structuredContent.days[*].date' or 'content[0].text'",
      });
    } else if (resolveIgnorePath(output, segments).length === 0) {
      out.push({
        code: 'example/ignore-unmatched',
        path: [...path, 'ignore', i],
        message: `ignore path ${JSON.stringify(p)} matches nothing in this example's output`,
        hint: 'fields the output does not give are not compared anyway; name a field the output gives',
      });
    }
  });
  return out;
}

/**
 * Whether the generated server would match `uri` with this template (its own matcher, uri-match). A template the server
 * cannot match at all has its own error from validate; its examples are not judged twice.
 */
export function templateMatches(template: string, uri: string): boolean {
  let matcher: ReturnType<typeof uriMatcher>;
  try {
    matcher = uriMatcher(template);
  } catch {
    return true;
  }
  return matcher.match(uri) !== null;
}
