import type { PromptCompletions } from '../../../generated/types.gen.js';

const SECOND_WORDS = ['world', 'wide', 'web'];

/** Completions for "test_prompt_with_arguments": each returns the values to offer for what the user typed so far. */
export const testPromptWithArgumentsCompletions: PromptCompletions<'test_prompt_with_arguments'> = {
  // Offered only once arg1 is filled in, to show completions that depend on the other arguments.
  arg2: async (value, args) => (args.arg1 ? SECOND_WORDS.filter((w) => w.startsWith(value)) : []),
};
