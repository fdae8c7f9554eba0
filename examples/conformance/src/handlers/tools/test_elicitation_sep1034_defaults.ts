import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';

/** Tool "test_elicitation_sep1034_defaults": Tests elicitation with default values per SEP-1034 */
export const testElicitationSep1034Defaults: ToolHandler<'test_elicitation_sep1034_defaults'> = async (_input, ctx) => {
  const answer = await ctx.elicit({
    message: 'Please review and update the form fields with defaults',
    requestedSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', description: 'User name', default: 'John Doe' },
        age: { type: 'integer', description: 'User age', default: 30 },
        score: { type: 'number', description: 'User score', default: 95.5 },
        status: {
          type: 'string',
          description: 'User status',
          enum: ['active', 'inactive', 'pending'],
          default: 'active',
        },
        verified: { type: 'boolean', description: 'Verification status', default: true },
      },
      required: [],
    },
  });
  return text(`Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`);
};
