import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';

/** Tool "test_streaming_elicitation": SEP-2575: yields a response stream carrying no independent top-level JSON-RPC requests */
export const testStreamingElicitation: ToolHandler<'test_streaming_elicitation'> = async () =>
  text('stream observed: result frames only, no top-level requests');
