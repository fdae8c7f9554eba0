export { loadManifest, parsersMayDiffer, readManifest, type LoadedManifest, type PathSegment } from './load-manifest.js';
export { pointerOf } from './schema-files/refs.js';
export { resolveSchemaFiles, type ResolvedManifest, type SchemaFileMount } from './schema-files/resolve.js';
export { schemaFileRead, workingTreeFiles, type FileRead, type SchemaFileSource } from './schema-files/source.js';
export { digestInputFiles } from './schema-files/source.js';
export { printExact, readsBack, YamlRoundTripError } from './yaml-exact.js';
export { KEY_WITHOUT_VALUE } from './misread-text.js';
export { missingManifestHint, readManifestText, unreadableManifest, type ManifestTextRead } from './manifest-text.js';
