import type { ToolHandler } from '../../generated/types.gen.js';
import { structured } from '../../generated/context.gen.js';

/** Tool "test_structured_output": Returns structuredContent checked against its outputSchema */
export const testStructuredOutput: ToolHandler<'test_structured_output'> = async (input) =>
  structured({ sum: input.a + input.b });
