export { checkContracts, type ContractReport } from './contract-check.js';
export { generatorFingerprint, generatorVersion } from './fingerprint.js';
export type { CompletionExport, HandlerProblem, Plan, PlannedFile } from './plan.js';
export { STATE_PATH, readState, serializeState, sha256, type ProjectState } from './project-state.js';
export { completionExports, handlerEntries } from './handler-entries.js';
export { planFiles } from './plan.js';
export { changesDisk, writeOutput } from './write-output.js';
export { formatEmitted, formatTypeScript, GENERATED_STYLE, wrapDocComments } from './format.js';
