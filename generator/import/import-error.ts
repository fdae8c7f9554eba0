// Failures of an import that are the input's fault (a server that cannot be reached, a spec that cannot be read):
// reported as one line and a hint, never as a stack trace.

export class ImportError extends Error {
  constructor(
    message: string,
    readonly hint?: string,
    /** Positioned reports (`file:line:col: error ...` with code frames) printed before the message. */
    readonly details?: string,
  ) {
    super(message);
  }
}

export function formatImportError(err: ImportError): string {
  return `mcp-gen: error: ${err.message}\n${err.hint ? `  hint: ${err.hint}\n` : ''}`;
}

/** The innermost cause's message and code, where Node and the SDK keep the useful part (ECONNREFUSED, ENOENT). */
export function rootCause(err: unknown): { message: string; code?: string } {
  let current: unknown = err;
  for (let depth = 0; depth < 5; depth++) {
    const next = (current as { cause?: unknown } | null)?.cause;
    if (next === undefined || next === null) break;
    current = next;
  }
  const e = current as { message?: unknown; code?: unknown };
  return {
    message: typeof e?.message === 'string' ? e.message : String(current),
    code: typeof e?.code === 'string' ? e.code : undefined,
  };
}

/** A command line that cannot work (exit 2). */
export class UsageError extends ImportError {}
