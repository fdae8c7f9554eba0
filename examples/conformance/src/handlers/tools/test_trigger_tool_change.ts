import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';

/** Tool "test_trigger_tool_change": Listen diagnostic (SEP-2575): publishes tools/list_changed */
export const testTriggerToolChange: ToolHandler<'test_trigger_tool_change'> = async (_input, ctx) => {
  ctx.notify.toolsChanged();
  return text('tools_list_changed published');
};
