import type { McpServerFactory } from '@modelcontextprotocol/server';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';

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

// serveStdio owns its transport's `onclose` (it overwrites whatever we set), so
// the only stable hook for "the connection ended" is the transport's close()
// itself, which the SDK calls on stdin end/close and on stdout errors.
class EndAwareStdioTransport extends StdioServerTransport {
  readonly #onEnd: () => void;

  constructor(onEnd: () => void) {
    super();
    this.#onEnd = onEnd;
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
  const onError = options.onError ?? ((error: Error) => console.error('[mcp] stdio error:', error));
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
