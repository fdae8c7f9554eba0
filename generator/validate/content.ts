// Content the manifest carries itself: inline resource contents, prompt message blocks and the files they name.
// Each block needs exactly the fields of its type, and every file must exist beside the manifest.
import { statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { Finding } from '../core/index.js';
import type { PathSegment } from '../load/index.js';
import type { Manifest, PromptContent } from '../core/index.js';
import { embedsAsText, entriesOf, hiddenRuns, MAX_EMBEDDED_FILE_BYTES, pngSize, readConfined } from '../core/index.js';
import { isObject } from '../core/index.js';
import { bundleIconReferences } from './paths.js';

const FIELDS: Record<PromptContent['type'], string[]> = {
  text: ['text'],
  image: ['data', 'file', 'mimeType'],
  audio: ['data', 'file', 'mimeType'],
  resource: ['resource'],
  resource_link: ['uri', 'name', 'title', 'description', 'mimeType', 'size'],
};
const COMMON = ['type', 'annotations', '_meta'];

export function checkContent(m: Manifest, baseDir: string): Finding[] {
  const findings: Finding[] = [];
  // `text`: the file is embedded as text when its MIME type (or, without one, its content) says so.
  const file = (path: PathSegment[], value: unknown, text?: { mimeType: unknown }) => {
    if (typeof value !== 'string') return;
    const problems = checkFile(path, value, baseDir);
    findings.push(...problems);
    if (problems.length === 0 && text) findings.push(...checkEmbeddedText(path, value, baseDir, text.mimeType));
  };
  const oneOf = (path: PathSegment[], obj: Record<string, unknown>, keys: string[], required: boolean) => {
    const present = keys.filter((k) => obj[k] !== undefined);
    if (present.length > 1) {
      findings.push({
        code: 'content/conflict',
        path: [...path, present[1]],
        at: 'key',
        message: `${present.join(' and ')} both give the content: use one`,
        hint: `keep one of ${keys.join(', ')}`,
      });
    } else if (required && present.length === 0) {
      findings.push({ code: 'content/missing', path, message: `needs one of ${keys.join(', ')}` });
    }
  };

  for (const [name, r] of entriesOf(m, 'resources')) {
    oneOf(['resources', name], r as unknown as Record<string, unknown>, ['text', 'blob', 'file'], false);
    file(['resources', name, 'file'], r.file, { mimeType: r.mimeType });
  }
  for (const [name, p] of entriesOf(m, 'prompts')) {
    if (!Array.isArray(p.messages)) continue;
    p.messages.forEach((msg, i) => {
      if (!isObject(msg)) return;
      const path: PathSegment[] = ['prompts', name, 'messages', i];
      oneOf(path, msg, ['text', 'content'], true);
      if (isObject(msg.content)) findings.push(...checkBlock([...path, 'content'], msg.content as PromptContent, file, oneOf));
    });
  }
  return findings;
}

function checkBlock(
  path: PathSegment[],
  c: PromptContent,
  file: (path: PathSegment[], value: unknown, text?: { mimeType: unknown }) => void,
  oneOf: (path: PathSegment[], obj: Record<string, unknown>, keys: string[], required: boolean) => void,
): Finding[] {
  const findings: Finding[] = [];
  // Own properties only: a type named "constructor" must not find Object.prototype members.
  const allowed = typeof c.type === 'string' && Object.hasOwn(FIELDS, c.type) ? FIELDS[c.type] : undefined;
  if (!allowed) return findings; // the schema reports an unknown type
  for (const key of Object.keys(c)) {
    if (!COMMON.includes(key) && !allowed.includes(key)) {
      findings.push({
        code: 'content/field',
        path: [...path, key],
        at: 'key',
        message: `${key} does not belong in ${c.type} content`,
        hint: `${c.type} content takes ${allowed.join(', ')}`,
      });
    }
  }
  const need = (key: string) => {
    if ((c as unknown as Record<string, unknown>)[key] === undefined)
      findings.push({ code: 'content/missing', path, message: `${c.type} content needs ${key}` });
  };
  switch (c.type) {
    case 'text':
      need('text');
      break;
    case 'image':
    case 'audio':
      need('mimeType');
      oneOf(path, c as unknown as Record<string, unknown>, ['data', 'file'], true);
      file([...path, 'file'], c.file);
      break;
    case 'resource':
      need('resource');
      if (isObject(c.resource)) {
        oneOf([...path, 'resource'], c.resource, ['text', 'blob', 'file'], true);
        file([...path, 'resource', 'file'], c.resource.file, { mimeType: c.resource.mimeType });
      }
      break;
    case 'resource_link':
      need('uri');
      need('name');
      break;
  }
  return findings;
}

/**
 * The MCP Bundle's icons: PNG files beside the manifest, packed into the .mcpb (MCPB takes no other format, and reads
 * each one's size from it). Where they may be is checked with every other `file:` (paths.ts).
 */
export function checkBundleIcons(m: Manifest, baseDir: string): Finding[] {
  const findings: Finding[] = [];
  for (const { path, file } of bundleIconReferences(m)) {
    const problems = checkFile(path, file, baseDir);
    findings.push(...problems);
    if (problems.length > 0) continue;
    const read = readConfined(baseDir, file, MAX_EMBEDDED_FILE_BYTES);
    if (read.ok && !pngSize(read.bytes))
      findings.push({
        code: 'bundle/icon-not-png',
        path,
        message: `${JSON.stringify(file)} is not a PNG image`,
        hint: 'MCP Bundles take PNG icons only (512x512 recommended): convert it, or point to a .png file',
      });
  }
  return findings;
}

/**
 * A file embedded as text is published as it is, so it gets the manifest's check for characters reviewers cannot see
 * (core/hidden-text): a review of the file shows them no more than a review of the manifest would.
 */
function checkEmbeddedText(path: PathSegment[], file: string, baseDir: string, mimeType: unknown): Finding[] {
  const read = readConfined(baseDir, file, MAX_EMBEDDED_FILE_BYTES);
  if (!read.ok || !embedsAsText(read.bytes, typeof mimeType === 'string' ? mimeType : undefined)) return [];
  const runs = hiddenRuns(read.bytes.toString('utf8'), 'file');
  if (runs.length === 0) return [];
  const [first] = runs;
  const more = runs.length > 1 ? ` (and ${runs.length - 1} more such run${runs.length === 2 ? '' : 's'} in the file)` : '';
  return [
    {
      code: 'text/hidden-character',
      path,
      message: `${file}:${first.line}:${first.column} has hidden text: ${first.message}${more}`,
      hint: first.hint,
    },
  ];
}

function checkFile(path: PathSegment[], file: string, baseDir: string): Finding[] {
  if (isAbsolute(file)) {
    return [
      {
        code: 'file/absolute',
        path,
        message: `file ${JSON.stringify(file)} is absolute`,
        hint: 'name it relative to mcp.yaml, so the project builds on any machine',
      },
    ];
  }
  let size: number;
  try {
    const stat = statSync(resolve(baseDir, file));
    if (!stat.isFile()) return [{ code: 'file/not-a-file', path, message: `${JSON.stringify(file)} is not a file` }];
    size = stat.size;
  } catch {
    return [
      {
        code: 'file/not-found',
        path,
        message: `file ${JSON.stringify(file)} does not exist`,
        hint: 'paths are relative to the folder of mcp.yaml',
      },
    ];
  }
  if (size > MAX_EMBEDDED_FILE_BYTES) {
    return [
      {
        code: 'file/too-large',
        path,
        message: `file ${JSON.stringify(file)} is ${size} bytes; at most ${MAX_EMBEDDED_FILE_BYTES} are embedded`,
        hint: 'serve it from a handler instead (drop file: and implement the generated stub)',
      },
    ];
  }
  return [];
}
