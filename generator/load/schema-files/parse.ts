// A schema file's text as data, with positions for messages. JSON files are read strictly as JSON; YAML files by the
// manifest's own loader, so both behave alike (YAML 1.2 core, duplicate keys refused, aliases bounded).
import { hiddenRuns } from '../../core/index.js';
import { loadManifest, type LoadedManifest, type PathSegment } from '../load-manifest.js';

export type ParsedSchemaFile =
  | { ok: true; data: unknown; locate(path: readonly PathSegment[], at?: 'key' | 'value'): { line: number; column: number } }
  | { ok: false; reason: string; line?: number; column?: number; code?: string; hint?: string };

export function parseSchemaFile(path: string, bytes: Uint8Array): ParsedSchemaFile {
  let text: string;
  try {
    // fatal: a file in another encoding is reported, not read as replacement characters; a BOM is dropped.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, reason: 'is not UTF-8 text' };
  }
  // A schema's descriptions reach models as the manifest's do, so the file gets the manifest's check (hidden-text).
  const isJson = /\.json$/i.test(path);
  const hidden = hiddenRuns(text, isJson ? 'json' : 'yaml')[0];
  if (hidden)
    return {
      ok: false,
      code: 'text/hidden-character',
      reason: `has hidden text: ${hidden.message}`,
      line: hidden.line,
      column: hidden.column,
      hint: hidden.hint,
    };
  let positioned: LoadedManifest | undefined;
  const positions = () => (positioned ??= loadManifest(path, text));
  const locate = (p: readonly PathSegment[], at?: 'key' | 'value') => positions().locate(p, at);
  if (isJson) {
    try {
      return { ok: true, data: JSON.parse(text), locate };
    } catch (err) {
      const { reason, offset } = jsonError((err as Error).message, text);
      // Without an offset, the YAML parser (JSON is YAML) sometimes finds the spot; if not, the message goes alone.
      const where = offset !== undefined ? lineColumn(text, offset) : positions().issues.find((i) => i.line > 0);
      return { ok: false, reason: `is not valid JSON: ${reason}`, line: where?.line, column: where?.column };
    }
  }
  const loaded = positions();
  const problem = loaded.issues.find((i) => i.severity === 'error');
  if (problem)
    return {
      ok: false,
      reason: `is not valid YAML: ${problem.message.replace(/^YAML syntax: /, '')}`,
      line: problem.line,
      column: problem.column,
    };
  return { ok: true, data: loaded.data, locate };
}

/**
 * V8 says where most JSON errors are (`... in JSON at position 12`). An unexpected token comes with a quoted
 * excerpt instead, which for a long text starts with `..."` and 10 characters before the token: found once in the
 * text, it gives the offset; the excerpt itself (with line breaks) is dropped from the message either way.
 */
export function jsonError(message: string, text: string): { reason: string; offset?: number } {
  const at = / in JSON at position (\d+)/.exec(message);
  if (at) return { reason: message.slice(0, at.index), offset: Number(at[1]) };
  const token = /^(Unexpected token .*?), (\.\.\.)?"([\s\S]*)"(?:\.\.\.)? is not valid JSON$/.exec(message);
  if (!token) return { reason: message };
  if (!token[2]) return { reason: token[1] };
  const core = token[3];
  const first = text.indexOf(core);
  const unique = first >= 0 && text.indexOf(core, first + 1) < 0;
  return { reason: token[1], offset: unique ? first + 10 : undefined };
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}
