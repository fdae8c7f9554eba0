import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';

/** Tool "test_x_mcp_header": Tests SEP-2243 Mcp-Param-* server-side validation */
export const testXMcpHeader: ToolHandler<'test_x_mcp_header'> = async (input) =>
  text(`region=${input.region ?? '<none>'}`);
