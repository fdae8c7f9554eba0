// A handler of the wrong shape fails with one long first line ("Type '(input: ..., ctx) => Promise<...>' is not
// assignable to type 'ToolHandler<"get_forecast">'") and the cause at the end of the compiler's elaboration
// ("Types of property 'high' are incompatible. Type 'string' is not assignable to type 'number'."). These read the
// elaboration and say where the mismatch is, in the terms of the manifest where they can.
import type { CompilerDiagnostic } from './project-compiler.js';

const PROPERTY = /^Types of property '([^']+)' are incompatible\.$/;
const PARAMETER = /^Types of parameters '([^']+)' and '[^']+' are incompatible\.$/;
const ASSIGN = /^Type '(.+)' is not assignable to type '(.+)'\.$/;
const MISSING = /^Property '([^']+)' is missing in type '.+' but required in type '(.+)'\.$/;
const OUTPUT_TYPE = /^\w+Output$/;

/** Where in the value the chain's last line applies (`days[].high`), from the chain lines after `from`. */
function pathOf(chain: readonly string[], from = 0): string {
  let path = '';
  for (const line of chain.slice(from)) {
    const m = PROPERTY.exec(line) ?? PARAMETER.exec(line);
    if (m) path += path ? `.${m[1]}` : m[1];
    else if (
      path &&
      ASSIGN.exec(line)
        ?.slice(1)
        .every((t) => t.endsWith('[]'))
    )
      path += '[]';
  }
  return path;
}

const short = (type: string) => (type.length > 80 ? `${type.slice(0, 77)}...` : type);

/**
 * A tool result that does not fit its outputSchema, or a plain object where `structured(...)` belongs; undefined
 * when the chain says neither.
 */
export function toolResultMismatch(d: CompilerDiagnostic, tool: string): string | undefined {
  const { chain } = d;
  const last = chain.at(-1) ?? '';
  // text(...) or result(...): a CallToolResult, whose structuredContent is unknown or absent.
  const structuredAt = chain.indexOf("Types of property 'structuredContent' are incompatible.");
  const untyped = structuredAt >= 0 && /^(unknown|undefined)$/.test(ASSIGN.exec(chain[structuredAt + 1] ?? '')?.[1] ?? '');
  if (untyped || MISSING.exec(last)?.[1] === 'structuredContent')
    return `the result carries no structuredContent: return structured({...}) for ${tool}.outputSchema (text() and result() are for tools without one), or toolError(message) for a failure`;
  const atOutput = chain.findIndex((l) => OUTPUT_TYPE.test(ASSIGN.exec(l)?.[2] ?? MISSING.exec(l)?.[2] ?? ''));
  if (atOutput >= 0) {
    const fits = `the result does not fit ${tool}.outputSchema`;
    const path = pathOf(chain, atOutput);
    const missing = MISSING.exec(last);
    if (missing) return `${fits}: ${path ? `${path}.` : ''}${missing[1]} is missing, and the schema requires it`;
    const assign = ASSIGN.exec(last);
    if (assign && path) return `${fits}: ${path} is ${short(assign[1])}, where the schema says ${short(assign[2])}`;
    return `${fits}: ${last}`;
  }
  // Neither ToolSuccess nor ToolErrorResult: the compiler tries the error type last and blames its `content`.
  const plain = chain.find((l) => {
    const m = ASSIGN.exec(l);
    return (
      m &&
      /^ToolSuccess<\w+> \| ToolErrorResult$/.test(m[2]) &&
      !/^(ToolSuccess<|ToolErrorResult\b)/.test(m[1]) &&
      !/\| ToolErrorResult$/.test(m[1])
    );
  });
  if (plain && MISSING.exec(last)?.[1] === 'content')
    return `the result is a plain object: return structured({...}) for ${tool}.outputSchema, or toolError(message) for a failure`;
  return undefined;
}

/** A resource or prompt handler's result of another shape than the SDK's; undefined when the chain says otherwise. */
export function readResultMismatch(d: CompilerDiagnostic, kind: string): string | undefined {
  const missing = MISSING.exec(d.chain.at(-1) ?? '')?.[1];
  const path = pathOf(d.chain);
  if (kind === 'prompts')
    return missing === 'messages' && path === ''
      ? "the result needs messages: return { messages: [{ role: 'user', content: { type: 'text', text } }] }"
      : undefined;
  if (missing === 'contents' && path === '')
    return 'the result needs contents: return { contents: [{ uri: uri.href, text }] } (blob, in base64, for binary data)';
  // TextResourceContents | BlobResourceContents: the compiler tries the blob branch last and names its key.
  if ((missing === 'blob' || missing === 'text') && path.endsWith('contents[]'))
    return `each item of ${path.slice(0, -2)} needs text (or blob, in base64, for binary data) beside its uri`;
  return undefined;
}

/** The compiler's first line, then the end of its elaboration with where it applies. */
export function withCause(d: CompilerDiagnostic): string {
  const last = d.chain.at(-1);
  if (!last) return `TS${d.code}: ${d.text}`;
  const path = pathOf(d.chain);
  return `TS${d.code}: ${d.text} ${path ? `At ${path}: ` : ''}${last}`;
}
