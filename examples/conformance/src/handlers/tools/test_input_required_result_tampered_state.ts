import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';

/** Tool "test_input_required_result_tampered_state": MRTR (SEP-2322): rejects retries whose requestState fails integrity verification */
export const testInputRequiredResultTamperedState: ToolHandler<'test_input_required_result_tampered_state'> = async (
  _input,
  ctx,
) => {
  // A retry whose requestState was altered never gets here: the server answers -32602 first.
  await ctx.elicit(
    {
      message: 'Please confirm',
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    },
    'confirm',
  );
  return text('integrity-ok: requestState verified');
};
