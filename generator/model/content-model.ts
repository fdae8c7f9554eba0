// Content declared in the manifest (inline resource contents, prompt message blocks, completion lists), turned into
// the TypeScript the templates place. Files named by `file:` are read here, at generation, and embedded.
import { dirname } from 'node:path';
import { PLACEHOLDER } from '../validate/index.js';
import { jsLiteral, stringLiteral } from './js-literal.js';
import type { Completion, Prompt, PromptContent, Resource } from '../core/index.js';
import { camelCase, embedsAsText, fileBase, MAX_EMBEDDED_FILE_BYTES, pascalCase, readBytesInside } from '../core/index.js';

/**
 * A file's content as resource contents: text when the MIME type says so (or, without one, when it is UTF-8). Read
 * under the rules validation checked (a regular file inside the manifest's folder, within the size limit), again:
 * a file swapped since is refused, not embedded.
 */
export function fileContents(baseDir: string, file: string, mimeType: string | undefined): { text: string } | { blob: string } {
  const bytes = embeddedFile(baseDir, file);
  return embedsAsText(bytes, mimeType) ? { text: bytes.toString('utf8') } : { blob: bytes.toString('base64') };
}

export function embeddedFile(baseDir: string, file: string): Buffer {
  return readBytesInside(baseDir, file, MAX_EMBEDDED_FILE_BYTES);
}

/** `text: "..."` or `blob: "..."` for a resource read from the manifest; null when a handler serves it. */
export function inlineResourceContent(r: Resource, manifestPath: string): string | null {
  const contents =
    r.text !== undefined
      ? { text: r.text }
      : r.blob !== undefined
        ? { blob: r.blob }
        : r.file !== undefined
          ? fileContents(dirname(manifestPath), r.file, r.mimeType)
          : null;
  if (!contents) return null;
  return 'text' in contents ? `text: ${stringLiteral(contents.text)}` : `blob: ${stringLiteral(contents.blob)}`;
}

export interface MessageModel {
  roleLiteral: string;
  /** The content block as a TypeScript expression; `{{arg}}` placeholders render from `args`. */
  contentExpr: string;
}

/** Manifest prompt messages as content-block expressions. */
export function messageModels(p: Prompt, manifestPath: string): MessageModel[] {
  const hasArgs = (p.arguments ?? []).length > 0;
  const render = (s: string) =>
    hasArgs && new RegExp(PLACEHOLDER.source).test(s) ? `renderTemplate(${stringLiteral(s)}, args)` : stringLiteral(s);
  return (p.messages ?? []).map((msg) => {
    const content: PromptContent = msg.content ?? { type: 'text', text: msg.text ?? '' };
    return { roleLiteral: stringLiteral(msg.role), contentExpr: contentExpr(content, dirname(manifestPath), render) };
  });
}

function contentExpr(c: PromptContent, baseDir: string, render: (s: string) => string): string {
  const fields: string[] = [`type: ${stringLiteral(c.type)}`];
  const literal = (key: string, value: unknown) => value !== undefined && fields.push(`${JSON.stringify(key)}: ${jsLiteral(value)}`);
  switch (c.type) {
    case 'text':
      fields.push(`text: ${render(c.text ?? '')}`);
      break;
    case 'image':
    case 'audio':
      fields.push(`data: ${stringLiteral(c.file !== undefined ? embeddedFile(baseDir, c.file).toString('base64') : (c.data ?? ''))}`);
      literal('mimeType', c.mimeType);
      break;
    case 'resource': {
      const r = c.resource!;
      const body =
        r.file !== undefined ? fileContents(baseDir, r.file, r.mimeType) : r.blob !== undefined ? { blob: r.blob } : { text: r.text ?? '' };
      const parts = [`uri: ${render(r.uri)}`];
      if (r.mimeType !== undefined) parts.push(`mimeType: ${stringLiteral(r.mimeType)}`);
      parts.push('text' in body ? `text: ${render(body.text)}` : `blob: ${stringLiteral(body.blob)}`);
      if (r._meta !== undefined) parts.push(`_meta: ${jsLiteral(r._meta)}`);
      fields.push(`resource: { ${parts.join(', ')} }`);
      break;
    }
    case 'resource_link':
      fields.push(`uri: ${render(c.uri ?? '')}`);
      for (const key of ['name', 'title', 'description', 'mimeType', 'size'] as const) literal(key, c[key]);
      break;
  }
  literal('annotations', c.annotations);
  literal('_meta', c._meta);
  return `{ ${fields.join(', ')} }`;
}

export interface CompletionModel {
  /** The argument or variable name as a property key. */
  keyLiteral: string;
  /** The static values as a TS array literal, or null when a handler completes it. */
  valuesLiteral: string | null;
}

export interface CompletionHandlerModel {
  ident: string;
  alias: string;
  /** Its name in server.gen.ts and its import there (see EntryModel). */
  local: string;
  importSpecifier: string;
  handlerFile: string;
  handlerImport: string;
  typeName: string;
  /** The completed names that the handler must provide, as an object type body. */
  keysType: string;
  /** The same names as property keys, for the stub. */
  keys: string[];
}

export function completionModels(complete: Record<string, Completion | undefined>): CompletionModel[] {
  return Object.entries(complete)
    .filter(([, c]) => c !== undefined)
    .map(([key, c]) => ({
      keyLiteral: JSON.stringify(key),
      valuesLiteral: c === true ? null : jsLiteral(c),
    }));
}

/** Where the completions of one prompt or template live, and their export: a function of the entry's name alone. */
export function completionsLocation(kind: 'prompts' | 'resource-templates', name: string): { ident: string; handlerFile: string } {
  return { ident: `${camelCase(name)}Completions`, handlerFile: `src/handlers/completions/${kind}/${fileBase(name)}.ts` };
}

/** The user-owned file for handler completions of one prompt or template, when any of its values asks for one. */
export function completionHandler(
  kind: 'prompts' | 'resource-templates',
  name: string,
  complete: Record<string, Completion | undefined>,
  argsType: string,
): CompletionHandlerModel | null {
  const keys = Object.entries(complete)
    .filter(([, c]) => c === true)
    .map(([k]) => k);
  if (keys.length === 0) return null;
  const base = fileBase(name);
  return {
    ...completionsLocation(kind, name),
    alias: `complete${kind === 'prompts' ? 'Prompt' : 'Template'}${pascalCase(name).replace(/^_/, '')}`,
    local: '',
    importSpecifier: '',
    handlerImport: `../handlers/completions/${kind}/${base}.js`,
    typeName: kind === 'prompts' ? 'PromptCompletions' : 'ResourceTemplateCompletions',
    keysType: `{\n${keys.map((k) => `    ${JSON.stringify(k)}: CompletionHandler<${argsType}>;`).join('\n')}\n  }`,
    keys: keys.map((k) => JSON.stringify(k)),
  };
}
