import { StringDecoder } from 'node:string_decoder';
import { Transform, type Readable, type Writable } from 'node:stream';
import type { JSONRPCMessage, McpServerFactory } from '@modelcontextprotocol/server';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { BatchCollector } from './batch.gen.js';
import { logger } from './log.gen.js';
import { LIMITS } from './limits.gen.js';
import { placingFactory } from './scope.gen.js';

export interface StdioOptions {
  /**
   * Called once when the connection ends without `close()` having been called:
   * the client closed stdin, stdout broke (EPIPE) or the transport failed. The
   * MCP stdio binding says a server should exit promptly then.
   */
  onClose?: () => void;
  /** Out-of-band errors; the default writes them to stderr (stdout is the protocol channel). */
  onError?: (error: Error) => void;
  /** Longest message (one line), in bytes; a longer one is dropped and answered with -32600. */
  maxLineBytes?: number;
  /** Requests the client may have unanswered at once; one more is answered with -32003. */
  maxRequestsInFlight?: number;
}

export interface StdioHandle {
  close(): Promise<void>;
}

/**
 * Checks each line on stdin and splits a batch line into one line per message, for the SDK's one-message-per-line
 * reader; a line that is not a message is answered with its error here. Bytes are decoded with a streaming decoder,
 * so a character split across two reads arrives whole. A line longer than `maxLineBytes` is dropped up to its
 * newline and answered with one error: the buffer never grows past the limit.
 */
function checkedLines(
  stdin: Readable,
  batches: BatchCollector,
  stdout: Writable,
  maxLineBytes: number,
  onError: (error: Error) => void,
): Readable {
  const decoder = new StringDecoder('utf8');
  const reply = (frame: unknown) => stdout.write(`${JSON.stringify(frame)}\n`);
  let rest = '';
  let restBytes = 0;
  let dropping = false;
  // Every line is parsed here, so that a line that is not JSON, or not a JSON-RPC message, gets its error (the SDK's
  // reader drops it silently, and the client would wait forever): the SDK then parses it again.
  const lines = (transform: Transform, text: string) => {
    const out: string[] = [];
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      let frame: unknown;
      try {
        frame = JSON.parse(line);
      } catch {
        reply({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the line is not JSON' } });
        continue;
      }
      for (const m of batches.split(frame, reply)) {
        batches.observe(m, reply);
        out.push(Array.isArray(frame) ? JSON.stringify(m) : line);
      }
    }
    if (out.length > 0) transform.push(`${out.join('\n')}\n`);
  };
  const tooLong = () => {
    onError(new Error(`stdio: dropped a message longer than ${maxLineBytes} bytes`));
    reply({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: `Invalid Request: message exceeds ${maxLineBytes} bytes` },
    });
  };
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const restBefore = restBytes;
      let text = decoder.write(chunk);
      let end = text.lastIndexOf('\n');
      if (dropping) {
        // Still inside an oversized line: discard up to its end.
        const first = text.indexOf('\n');
        if (first < 0) return done();
        dropping = false;
        text = text.slice(first + 1);
        end -= first + 1;
      }
      if (end < 0) {
        rest += text;
        restBytes += Buffer.byteLength(text);
      } else {
        const complete = rest + text.slice(0, end);
        rest = text.slice(end + 1);
        restBytes = Buffer.byteLength(rest);
        // Only a read that, with what was held, passes the limit can hold an oversized line: check lines then alone.
        if (restBefore + chunk.length <= maxLineBytes) lines(this, complete);
        else {
          const all = complete.split('\n');
          const kept = all.filter((line) => Buffer.byteLength(line) <= maxLineBytes);
          if (kept.length < all.length) tooLong();
          if (kept.length > 0) lines(this, kept.join('\n'));
        }
      }
      if (restBytes > maxLineBytes) {
        tooLong();
        rest = '';
        restBytes = 0;
        dropping = true;
      }
      done();
    },
    flush(done) {
      rest += decoder.end();
      if (rest.trim() !== '' && !dropping) lines(this, rest);
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

  constructor(
    onEnd: () => void,
    onError: (error: Error) => void,
    maxLineBytes: number,
    batches = new BatchCollector(),
    stdout: Writable = process.stdout,
  ) {
    super(checkedLines(process.stdin, batches, stdout, maxLineBytes, onError), stdout);
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

  const batches = new BatchCollector(LIMITS.maxBatchSize, options.maxRequestsInFlight);
  const transport = new EndAwareStdioTransport(
    () => {
      if (ended) return;
      ended = true;
      // A caller-initiated close is already a shutdown; reporting it back as
      // "client went away" would make the caller's shutdown path run twice.
      if (!closedByCaller) options.onClose?.();
    },
    onError,
    options.maxLineBytes ?? LIMITS.maxBodyBytes,
    batches,
  );

  const handle = serveStdio(placingFactory(factory, batches), { transport, legacy: 'serve', onerror: onError });

  return {
    async close() {
      closedByCaller = true;
      await handle.close();
    },
  };
}
