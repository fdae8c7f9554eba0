import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { ToolHandler } from '../../generated/types.gen.js';
import { sleep } from '../../data/media.js';

/** Tool "protocol_error_job": Fails with a protocol error (the task ends failed) */
export const protocolErrorJob: ToolHandler<'protocol_error_job'> = async (_input, ctx) => {
  await ctx.task.start();
  await sleep(200, ctx.signal);
  // A ProtocolError fails the task (status failed, with this error); any other error is a tool error.
  throw new ProtocolError(ProtocolErrorCode.InternalError, 'The job crashed');
};
