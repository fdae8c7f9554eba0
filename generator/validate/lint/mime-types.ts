// A `mimeType` is any string to the MCP schema, but clients go by it to show, parse or save content, and the
// generator by it to embed a `file:` as text or as base64. `json` or `.png` is a file extension, not a media type
// (RFC 6838: type/subtype, then optional parameters such as `; charset=utf-8`), so lint names each one with the type
// meant.
import { eachField, isMediaType, isTextualMediaType } from '../../core/index.js';
import type { Manifest, PathSegment } from '../../core/index.js';
import type { LintFinding } from './lint-finding.js';

/** Extensions and short names people write for a media type, with the type meant. */
const MEANT: Record<string, string> = {
  json: 'application/json',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  xml: 'application/xml',
  pdf: 'application/pdf',
  zip: 'application/zip',
  text: 'text/plain',
  txt: 'text/plain',
  plain: 'text/plain',
  markdown: 'text/markdown',
  md: 'text/markdown',
  html: 'text/html',
  csv: 'text/csv',
  js: 'text/javascript',
  javascript: 'text/javascript',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
};

/** `_meta` may hold a `mimeType` of any kind (eachField leaves out JSON Schemas itself). */
const OPAQUE = new Set(['_meta']);

export function malformedMimeTypes(m: Manifest): LintFinding[] {
  const found: LintFinding[] = [];
  eachField(
    m,
    (key, value, path, owner) => {
      if (key !== 'mimeType' || typeof value !== 'string') return false;
      if (!isMediaType(value)) found.push(finding(value, [...path], embedsText(owner) && !isTextualMediaType(value)));
      return true;
    },
    OPAQUE,
  );
  return found;
}

/** A resource (or an embedded resource) whose `file:` is embedded as text or blob by its mimeType; image and audio
 * content is base64 either way. */
const embedsText = (node: Record<string, unknown>) => typeof node.file === 'string' && node.type === undefined;

function finding(value: string, path: PathSegment[], embedsFile: boolean): LintFinding {
  const meant =
    MEANT[
      value
        .trim()
        .replace(/^\*?\./, '')
        .toLowerCase()
    ];
  const fixed = value.trim() !== value && isMediaType(value.trim()) ? value.trim() : meant;
  return {
    path,
    message:
      `${JSON.stringify(value)} is not a media type (type/subtype): clients go by it to show or parse the content` +
      (embedsFile ? ', and the file is embedded as base64 (blob), not as text' : ''),
    hint: fixed ? `did you mean '${fixed}'?` : 'write type/subtype, e.g. text/plain, application/json or image/png',
  };
}
