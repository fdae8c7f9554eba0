import { Transform, type Readable, type Writable } from 'node:stream';
import type { JSONRPCMessage, McpServerFactory } from '@modelcontextprotocol/server';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { BatchCollector } from './batch.gen.js';
import { logger } from './log.gen.js';

export interface StdioOptions {
  /**
   * Called once when the connection ends without `close()` having been called:
   * the client closed stdin, stdout broke (EPIPE) or the transport failed. The
   * MCP stdio binding says a server should exit promptly then.
   */
  onClose?: () => void;
  /** Out-of-band errors; the default writes them to stderr (stdout is the protocol channel). */
  onError?: (error: Error) => void;
}

export interface StdioHandle {
  close(): Promise<void>;
}

/** Splits each batch line on stdin into one line per message, for the SDK's one-message-per-line reader. */
function splitBatches(stdin: Readable, batches: BatchCollector, stdout: Writable): Readable {
  let rest = '';
  // Only a frame that opens with `[` can be a batch: every other line goes to the SDK untouched, in one push per
  // chunk, so ordinary messages are parsed once (by the SDK), not twice.
  const lines = (transform: Transform, text: string) => {
    if (!/^[ \t\r]*\[/m.test(text)) {
      transform.push(`${text}\n`);
      return;
    }
    const out: string[] = [];
    for (const line of text.split('\n')) {
      if (line.trimStart()[0] !== '[') {
        out.push(line);
        continue;
      }
      let frame: unknown;
      try {
        frame = JSON.parse(line);
      } catch {
        out.push(line); // not JSON: the SDK reports it
        continue;
      }
      for (const m of batches.split(frame, (reply) => stdout.write(`${JSON.stringify(reply)}\n`))) out.push(JSON.stringify(m));
    }
    if (out.length > 0) transform.push(`${out.join('\n')}\n`);
  };
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const text = rest + chunk.toString('utf8');
      const end = text.lastIndexOf('\n');
      rest = text.slice(end + 1);
      if (end >= 0) lines(this, text.slice(0, end));
      done();
    },
    flush(done) {
      if (rest.trim() !== '') lines(this, rest);
      done();
    },
  });
  stdin.on('error', (error) => transform.destroy(error));
  return stdin.pipe(transform);
}

// serveStdio owns its transport's `onclose` (it overwrites whatever we set), so
// the only stable hook for "the connection ended" is the transport's close()
// itself, which the SDK calls on stdin end/close and on stdout errors.
class EndAwareStdioTransport extends StdioServerTransport {
  readonly #onEnd: () => void;
  readonly #batches: BatchCollector;
  readonly #stdout: Writable;

  constructor(onEnd: () => void, batches = new BatchCollector(), stdout: Writable = process.stdout) {
    super(splitBatches(process.stdin, batches, stdout), stdout);
    this.#onEnd = onEnd;
    this.#batches = batches;
    this.#stdout = stdout;
  }

  override async send(message: JSONRPCMessage): Promise<void> {
    const out = this.#batches.outgoing(message);
    if (out === message) return super.send(message);
    if (out !== undefined) this.#stdout.write(`${JSON.stringify(out)}\n`);
  }

  override async close(): Promise<void> {
    await super.close();
    this.#onEnd();
  }
}

/**
 * Serves `factory` over this process's stdin/stdout. `serveStdio` decides the era
 * from the opening message: an `initialize` request pins a 2025-era instance, a
 * 2026-07-28 request (or a `server/discover` probe) a modern one. The factory
 * receives that decision as `ctx.era`.
 */
export function startStdio(factory: McpServerFactory, options: StdioOptions = {}): StdioHandle {
  // The factory attaches the connection's server to `notify` (see entry.gen.ts).
  const onError = options.onError ?? ((error: Error) => logger.error({ err: error }, 'stdio error'));
  let closedByCaller = false;
  let ended = false;

  const transport = new EndAwareStdioTransport(() => {
    if (ended) return;
    ended = true;
    // A caller-initiated close is already a shutdown; reporting it back as
    // "client went away" would make the caller's shutdown path run twice.
    if (!closedByCaller) options.onClose?.();
  });

  const handle = serveStdio(factory, { transport, legacy: 'serve', onerror: onError });

  return {
    async close() {
      closedByCaller = true;
      await handle.close();
    }
  };
}
