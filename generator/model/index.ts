export { examplesMarkdown } from './examples-markdown.js';
export { commentText, jsLiteral, stringLiteral } from './js-literal.js';
export { readmeInventory } from './readme-inventory.js';
export type {
  AppModel,
  AppsModel,
  AppToolModel,
  EntryModel,
  PromptModel,
  ServerModel,
  TemplateModel,
  ToolUiModel,
} from './server-model.js';
export { buildServerModel } from './build-server-model.js';
export type { TargetModel } from './targets-model.js';
export type { StarterModel, ViewModel } from './view-types.js';
export { completionsLocation } from './content-model.js';
export { knownPackages, runtimeFilePath } from './runtime-features.js';
export { fillLines, LINE_WIDTH, wrapDocComments } from './doc-comments.js';
export { formattedStatement, RawCode } from './ts-literal.js';
