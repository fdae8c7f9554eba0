export { effectiveHints } from './compare-entries.js';
export { cell } from './format-markdown.js';
export { runDiff, usage, type CommandOutput } from './run-diff.js';
