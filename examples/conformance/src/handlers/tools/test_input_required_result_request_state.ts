import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';

/** Tool "test_input_required_result_request_state": MRTR (SEP-2322): round-trips integrity-protected requestState alongside an elicitation request */
export const testInputRequiredResultRequestState: ToolHandler<'test_input_required_result_request_state'> = async (
  _input,
  ctx,
) => {
  // The answer round carries back the sealed requestState of the question round; the server verified it first.
  await ctx.elicit(
    {
      message: 'Please confirm',
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    },
    'confirm',
  );
  return text('state-ok: requestState verified and confirmation received');
};
