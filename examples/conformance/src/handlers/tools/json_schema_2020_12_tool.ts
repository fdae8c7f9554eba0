import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';

/** Tool "json_schema_2020_12_tool": Tool with JSON Schema 2020-12 features for conformance testing (SEP-1613, SEP-2106) */
export const jsonSchema202012Tool: ToolHandler<'json_schema_2020_12_tool'> = async (input) =>
  text(`JSON Schema 2020-12 tool called with: ${JSON.stringify(input)}`);
