export { ImportError, UsageError, formatImportError } from './import-error.js';
export { runImportOpenApi } from './openapi/import-openapi.js';
export { runImportServer } from './server/import-server.js';
import { UsageError as Usage } from './import-error.js';
import { parseSlimOptions, type SlimOptions } from './openapi/slim.js';

/** `--output-schema`, `--schema-depth` and `--nested-descriptions` of `import openapi`. */
export function slimOptions(flags: Parameters<typeof parseSlimOptions>[0]): SlimOptions {
  return parseSlimOptions(flags, (message, hint) => new Usage(message, hint));
}
