import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';

/** Tool "test_input_required_result_list_roots": MRTR (SEP-2322): asks for the client roots via an in-band roots/list request */
export const testInputRequiredResultListRoots: ToolHandler<'test_input_required_result_list_roots'> = async (
  _input,
  ctx,
) => {
  const { roots } = await ctx.roots('client_roots');
  return text(`Client exposed ${roots.length} root(s): ${roots.map((r) => r.uri).join(', ')}`);
};
