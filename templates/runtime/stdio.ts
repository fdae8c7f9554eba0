import { StringDecoder } from 'node:string_decoder';
import type { Readable, Writable } from 'node:stream';
import type { JSONRPCMessage, McpServerFactory, Transport } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
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
 * Reads stdin line by line, parses each line once and hands the SDK the message it parses to (`deliver`): the SDK's
 * own reader would parse the same text again. A line that is not a message is answered with its error here (the
 * SDK's reader drops it without a word, and the client would wait forever); a batch line is split into its messages.
 * Bytes are decoded with a streaming decoder, so a character split across two reads arrives whole. A line longer than
 * `maxLineBytes` is dropped up to its newline and answered with one error: the buffer never grows past the limit.
 */
function lineReader(
  batches: BatchCollector,
  reply: (frame: unknown) => void,
  deliver: (message: JSONRPCMessage) => void,
  maxLineBytes: number,
  onError: (error: Error) => void,
) {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  let restBytes = 0;
  let dropping = false;
  const line = (text: string) => {
    if (text.trim() === '') return;
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      reply({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the line is not JSON' } });
      return;
    }
    // split() validates each message with the SDK's own schema (what its reader would have done with the text).
    for (const m of batches.split(frame, reply)) {
      batches.observe(m, reply);
      deliver(m);
    }
  };
  const lines = (text: string) => {
    for (const one of text.split('\n')) line(one);
  };
  const tooLong = () => {
    onError(new Error(`stdio: dropped a message longer than ${maxLineBytes} bytes`));
    reply({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: `Invalid Request: message exceeds ${maxLineBytes} bytes` },
    });
  };
  return {
    data(chunk: Buffer): void {
      const restBefore = restBytes;
      let text = decoder.write(chunk);
      let end = text.lastIndexOf('\n');
      if (dropping) {
        // Still inside an oversized line: discard up to its end.
        const first = text.indexOf('\n');
        if (first < 0) return;
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
        if (restBefore + chunk.length <= maxLineBytes) lines(complete);
        else {
          const all = complete.split('\n');
          const kept = all.filter((one) => Buffer.byteLength(one) <= maxLineBytes);
          if (kept.length < all.length) tooLong();
          for (const one of kept) line(one);
        }
      }
      if (restBytes > maxLineBytes) {
        tooLong();
        rest = '';
        restBytes = 0;
        dropping = true;
      }
    },
    /** stdin ended: a last line without its newline is still a message. */
    end(): void {
      rest += decoder.end();
      if (rest.trim() !== '' && !dropping) line(rest);
      rest = '';
    },
  };
}

/**
 * The SDK's stdio transport with this runtime's reader in front (one parse per line, see lineReader) and batches
 * answered as one array. It does what StdioServerTransport does otherwise: ends on stdin's end or close and on a
 * stdout error, reports a failing handler to `onerror`, and waits for `drain` when stdout is full. Answers that are
 * ready in the same turn of the event loop leave in one write (stdout is corked until the turn ends): a client with
 * several requests in flight costs one system call per turn rather than one per answer, the bytes being the same.
 * serveStdio owns `onclose` (it overwrites whatever is set), so the end of the connection is reported through
 * `onEnd`, called by close() itself.
 */
class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  readonly #stdin: Readable;
  readonly #stdout: Writable;
  readonly #batches: BatchCollector;
  readonly #onEnd: () => void;
  readonly #reader: ReturnType<typeof lineReader>;
  #started = false;
  #closed = false;
  #corked = false;

  constructor(
    onEnd: () => void,
    onError: (error: Error) => void,
    maxLineBytes: number,
    batches: BatchCollector,
    stdin: Readable = process.stdin,
    stdout: Writable = process.stdout,
  ) {
    this.#onEnd = onEnd;
    this.#batches = batches;
    this.#stdin = stdin;
    this.#stdout = stdout;
    const reply = (frame: unknown) => this.#write(`${JSON.stringify(frame)}\n`);
    this.#reader = lineReader(batches, reply, (m) => this.#deliver(m), maxLineBytes, onError);
  }

  #deliver(message: JSONRPCMessage): void {
    try {
      this.onmessage?.(message);
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    }
  }

  readonly #onData = (chunk: Buffer) => this.#reader.data(chunk);
  readonly #onStdinError = (error: Error) => this.onerror?.(error);
  readonly #onStdinEnd = () => {
    this.#reader.end();
    void this.close();
  };
  // After close, a late write failure (the client gone) is nobody's concern.
  readonly #onStdoutError = (error: Error) => {
    if (this.#closed) return;
    this.onerror?.(error);
    void this.close();
  };

  async start(): Promise<void> {
    if (this.#started) throw new Error('stdio transport already started');
    this.#started = true;
    if (this.#stdin.readableEnded || this.#stdin.destroyed) setImmediate(this.#onStdinEnd);
    this.#stdin.on('data', this.#onData).on('error', this.#onStdinError);
    this.#stdin.on('end', this.#onStdinEnd).on('close', this.#onStdinEnd);
    this.#stdout.on('error', this.#onStdoutError);
  }

  /** Writes `text`, corking stdout until the end of this turn; false when stdout is full. */
  #write(text: string): boolean {
    if (!this.#corked) {
      this.#corked = true;
      this.#stdout.cork();
      process.nextTick(() => {
        this.#corked = false;
        this.#stdout.uncork();
      });
    }
    return this.#stdout.write(text);
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('stdio transport is closed'));
    const out = this.#batches.outgoing(message);
    if (out === undefined) return Promise.resolve();
    if (this.#write(`${JSON.stringify(out)}\n`)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const done = (error?: Error) => {
        this.#stdout.off('drain', done).off('error', done);
        if (error) reject(error);
        else resolve();
      };
      this.#stdout.once('drain', done).once('error', done);
    });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#stdin.off('data', this.#onData).off('error', this.#onStdinError);
    this.#stdin.off('end', this.#onStdinEnd).off('close', this.#onStdinEnd);
    if (this.#stdin.listenerCount('data') === 0) this.#stdin.pause();
    if (this.#corked) {
      this.#corked = false;
      this.#stdout.uncork();
    }
    this.onclose?.();
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
  const transport = new LineTransport(
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
