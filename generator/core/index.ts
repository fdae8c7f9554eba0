export {
  APP_NAME_PATTERN,
  CSP_FIELDS,
  DEFAULT_VISIBILITY,
  DEPRECATED_RESOURCE_URI_KEY,
  PERMISSIONS,
  UI_EXTENSION_ID,
  UI_MIME_TYPE,
  UI_SCHEME,
  appEntries,
  appMeta,
  appsOf,
  appUris,
  defaultAppSource,
  defaultAppUri,
  modelVisible,
  toolUiMeta,
  toolVisibility,
  uiAuthority,
  type AppInfo,
  type CspField,
  type Visibility,
} from './apps.js';
export {
  VIEW_BUDGET_BYTES,
  VIEW_OUT_DIR,
  VIEW_STARTER_FILES,
  VIEW_TYPES_FILE,
  VIEWS_BUILD_SCRIPT,
  VIEWS_TSCONFIG,
  viewHtmlPath,
} from './views.js';
export { canonicalJson, sameJson, showValue } from './canonical-json.js';
export { PLAIN, painter, type Painter } from './colors.js';
export { ENTRY_KINDS, HANDLER_DIRS, KIND_INFO, KIND_LABEL, entriesOf, type EntryKind } from './entries.js';
export { closest, editDistance, formatPath, type Finding } from './finding.js';
export { eachField, type FieldVisitor } from './manifest-fields.js';
export { hasErrors, type Issue } from './issue.js';
export { hiddenRuns, hiddenText, type HiddenRun, type HiddenTextSyntax } from './hidden-text.js';
export { embedsAsText, isMediaType, isTextualMediaType } from './media-type.js';
export { SCHEMA_KEYWORD_ORDER } from './schema-keywords.js';
export type {
  App,
  Auth,
  Completion,
  HttpTransport,
  Icon,
  LambdaTarget,
  JsonSchema,
  Manifest,
  Prompt,
  PromptContent,
  Resource,
  ResourceTemplate,
  SseTransport,
  TargetSettings,
  Tool,
  ToolPolicy,
  ToolUi,
  VercelTarget,
  WebSocketTransport,
  WorkersTarget,
} from './manifest-types.js';
export { TOOL_NAME_PATTERN, camelCase, fileBase, pascalCase, words } from './naming.js';
export { packageRoot } from './package-root.js';
export type { PathSegment } from './path.js';
export { clip, clipIssue, formatIssuesJson, formatIssuesText, summarize } from './print-issues.js';
export {
  DEFAULT_INPUT_SCHEMA,
  promptArgsSchema,
  publishedPrompt,
  publishedResource,
  publishedResourceTemplate,
  publishedServerInfo,
  publishedTool,
} from './published.js';
export {
  SCHEMA_LIMITS,
  bundleSchema,
  collectRefs,
  longestRefChain,
  measureJson,
  resolveLocalRef,
  sharedDefinitionName,
  walkSchema,
  withSchemaMemo,
} from './schema-refs.js';
export {
  TOKEN_METHOD,
  buildSurface,
  toolSizes,
  toolsListJson,
  toolsListSize,
  type AppSurface,
  type ListSize,
  type Surface,
  type SurfaceEntry,
} from './surface.js';
export {
  parseUriTemplate,
  type UriTemplateExpression,
  uriMatcher,
  uriTemplateExpressions,
  uriTemplateVariableNames,
} from './uri-template.js';
export {
  HTTP_DEFAULTS,
  LAMBDA_DEFAULTS,
  MAX_EMBEDDED_FILE_BYTES,
  SSE_DEFAULTS,
  WEBSOCKET_DEFAULTS,
  WORKERS_DEFAULTS,
  isLoopbackHost,
  serverCardPaths,
} from './defaults.js';
export {
  API_GATEWAY_TIMEOUT_S,
  TARGETS,
  TARGET_NAMES,
  VERCEL_DEFAULT_MAX_DURATION_S,
  isTargetName,
  listedTargets,
  readItem,
  stdioServed,
  workerName,
  type ListedTarget,
  type TargetInfo,
  type TargetName,
} from './targets.js';
export { TARGET_FEATURES, type Cell, type Condition, type FeatureHit, type TargetFeature } from './target-matrix.js';
export { isObject, type Json } from './json.js';
export { defaultToolsets, servedTools, toolsetsOf, type ToolsetInfo } from './toolsets.js';
export { ConfinedWriteError, assertWritableInside, folderOf, writeExclusive, writeInside } from './confined-write.js';
export {
  MAX_PROJECT_FILE_BYTES,
  describeRefusal,
  escapes,
  readBytesInside,
  readConfined,
  readTextInside,
  writeEscape,
  type ConfinedRead,
  type FolderCache,
} from './confined-fs.js';
export { decodeManifest, readManifestSource, type ManifestRead, type ManifestRefusal } from './manifest-file.js';
export { markdownText, reviewableJson, showHidden } from './text-safety.js';
export { fileSystemNow, readRunKey, runCacheDir, writeRunKey, writeUncleanRun, type RunRecord } from './run-cache.js';
export { TreeCapture, treeKey, treeUnchanged, type TreeRecord } from './tree-signature.js';
export { pngSize } from './png.js';
