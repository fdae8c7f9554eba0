export { examplesMarkdown } from './examples-markdown.js';
export { commentText, jsLiteral, stringLiteral } from './js-literal.js';
export { readmeInventory } from './readme-inventory.js';
export { type EntryModel, type PromptModel, type ServerModel, type TemplateModel } from './server-model.js';
export { buildServerModel } from './build-server-model.js';
export { runtimeFilePath } from './runtime-features.js';
