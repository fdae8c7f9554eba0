import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';

/** Tool "test_trigger_prompt_change": Listen diagnostic (SEP-2575): publishes prompts/list_changed */
export const testTriggerPromptChange: ToolHandler<'test_trigger_prompt_change'> = async (_input, ctx) => {
  ctx.notify.promptsChanged();
  return text('prompts_list_changed published');
};
