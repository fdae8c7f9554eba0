import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';

/** Tool "test_input_required_result_multi_round": MRTR (SEP-2322): two elicitation rounds with evolving requestState before completing */
export const testInputRequiredResultMultiRound: ToolHandler<'test_input_required_result_multi_round'> = async (
  _input,
  ctx,
) => {
  // Two questions in sequence: the second round carries the first answer in its requestState.
  const name = await ctx.elicit(
    {
      message: 'Step 1: What is your name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    },
    'step1',
  );
  const color = await ctx.elicit(
    {
      message: 'Step 2: What is your favorite color?',
      requestedSchema: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
    },
    'step2',
  );
  return text(
    `Multi-round complete: ${String(name.content?.name ?? 'unknown')} likes ${String(color.content?.color ?? 'unknown')}`,
  );
};
