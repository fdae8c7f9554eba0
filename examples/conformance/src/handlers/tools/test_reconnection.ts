import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
import { sleep } from '../../data/media.js';

/** Tool "test_reconnection": Closes the SSE stream mid-call (SEP-1699) and answers after the client reconnects */
export const testReconnection: ToolHandler<'test_reconnection'> = async (_input, ctx) => {
  // Only transports with an event store offer closeSSE; elsewhere this is an ordinary slow call.
  ctx.sdk.http?.closeSSE?.();
  await sleep(100, ctx.signal);
  return text(
    'Reconnection test completed successfully. If you received this, the client properly reconnected after stream closure.',
  );
};
