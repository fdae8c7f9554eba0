export { ImportError, UsageError, formatImportError } from './import-error.js';
export { runImportOpenApi } from './openapi/import-openapi.js';
export { runImportServer } from './server/import-server.js';
