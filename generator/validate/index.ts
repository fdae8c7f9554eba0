export { lintManifest } from './lint/lint-manifest.js';
export { PLACEHOLDER } from './prompts.js';
export { validateManifest } from './validate-manifest.js';
export { costReport } from './lint/token-budget.js';
export { valueRejection } from './lint/schema-values.js';
export { registryIconProblem } from './registry.js';
export { embeddedFiles } from './paths.js';
