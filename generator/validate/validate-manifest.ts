import { dirname } from 'node:path';
import { checkApps } from './apps.js';
import { checkAuth } from './auth.js';
import { checkBundleIcons, checkContent } from './content.js';
import { checkExamples } from './examples.js';
import { checkHttp } from './http.js';
import { checkInheritedNames } from './inherited-names.js';
import { checkLimits } from './limits.js';
import { checkManifestShape } from './manifest-shape.js';
import { checkNames } from './names.js';
import { checkPaths } from './paths.js';
import { checkPrompts } from './prompts.js';
import { checkRegistry } from './registry.js';
import { checkSchemas } from './schemas.js';
import { checkScale } from './scale.js';
import { checkTelemetry } from './telemetry.js';
import { checkTargets } from './targets.js';
import { checkSpec } from './spec.js';
import { checkCompletions, checkTransports } from './transports.js';
import { checkToolsets } from './toolsets.js';
import { checkUris } from './uris.js';
import { checkIcons } from './icons.js';
import type { Finding } from '../core/index.js';
import { formatPath } from '../core/index.js';
import { hasErrors, hiddenText, type Issue } from '../core/index.js';
import type { LoadedManifest, PathSegment } from '../load/index.js';
import type { Manifest } from '../core/index.js';
import type { ResolvedManifest, SchemaFileMount } from '../load/index.js';
import { lintManifest } from './lint/lint-manifest.js';
import { checkMetaKeys } from './meta-keys.js';
import { pointerOf } from '../load/index.js';
import { isObject, withSchemaMemo } from '../core/index.js';

/**
 * Every problem in the manifest at once, positioned and sorted; an empty error list means it can be generated.
 * With `lint`, a manifest without errors is also linted; lint findings are warnings here whatever their level.
 * A manifest whose schema files were resolved (resolve-schema-files) also gets the problems found reading them,
 * and problems inside schemas from files are shown at the `$ref` in the manifest that brought them in.
 */
export function validateManifest(loaded: LoadedManifest | ResolvedManifest, options: { lint?: boolean } = {}): Issue[] {
  // The checks read the manifest's schemas many times over and change none of them.
  return withSchemaMemo(() => validate(loaded, options));
}

function validate(loaded: LoadedManifest | ResolvedManifest, options: { lint?: boolean }): Issue[] {
  const issues = [...loaded.issues, ...hiddenText(loaded.source)];
  const data = loaded.data;
  if (data === undefined) return issues;
  if (!isObject(data)) {
    issues.push({
      code: 'manifest/not-a-map',
      severity: 'error',
      path: '',
      message: 'the manifest must be a YAML map with version: and server:',
      hint: 'run `mcp-gen init` for a commented starter manifest',
      line: 1,
      column: 1,
    });
    return issues;
  }
  const shape = checkManifestShape(data);
  const m = data as Manifest;
  const files = 'schemaFiles' in loaded ? loaded.schemaFiles : undefined;
  const findings: Finding[] = [
    ...(files?.findings ?? []),
    ...shape,
    ...checkNames(m),
    ...withoutRefsResolvedFromFiles(checkSchemas(m), files),
    ...checkUris(m),
    ...checkPrompts(m),
    ...checkContent(m, dirname(loaded.file)),
    ...checkBundleIcons(m, dirname(loaded.file)),
    ...checkIcons(m),
    ...checkMetaKeys(m),
    ...checkTransports(m),
    ...checkCompletions(m),
    ...checkAuth(m),
    ...checkToolsets(m),
    ...checkApps(m),
    ...checkHttp(m),
    ...checkScale(m),
    ...checkTargets(m),
    ...checkTelemetry(m),
    ...checkRegistry(m),
    ...checkPaths(m, dirname(loaded.file)),
    ...checkLimits(m),
    ...checkInheritedNames(m),
    ...checkExamples(m),
  ];
  // The spec check reports what the earlier checks already explain in manifest terms; run it on clean input only.
  if (!findings.some((f) => f.severity !== 'warning')) findings.push(...checkSpec(m));
  issues.push(...findings.map((f) => locateFinding(loaded, f, files?.mounts ?? [])));
  if (options.lint && !hasErrors(issues)) issues.push(...lintManifest(loaded).map((i) => ({ ...i, severity: 'warning' as const })));
  return sortIssues(issues);
}

/**
 * Refs are the resolver's to report where it followed them: inside schemas from files (every ref there was rewritten
 * or reported) and at manifest refs it already reported.
 */
function withoutRefsResolvedFromFiles(findings: Finding[], files: ResolvedManifest['schemaFiles'] | undefined): Finding[] {
  if (!files || (files.findings.length === 0 && files.mounts.length === 0)) return findings;
  const reported = new Set(files.findings.map((f) => formatPath(f.path)));
  return findings.filter(
    (f) =>
      !(f.code === 'schema/external-ref' || f.code === 'schema/unresolved-ref') ||
      (!reported.has(formatPath(f.path)) && !mountOf(files.mounts, f.path)),
  );
}

function mountOf(mounts: readonly SchemaFileMount[], path: readonly PathSegment[]): SchemaFileMount | undefined {
  let best: SchemaFileMount | undefined;
  for (const m of mounts) {
    if (m.at.length <= path.length && m.at.every((seg, i) => seg === path[i]) && (!best || m.at.length > best.at.length)) best = m;
  }
  return best;
}

function locateFinding(loaded: LoadedManifest, f: Finding, mounts: readonly SchemaFileMount[]): Issue {
  const mount = mountOf(mounts, f.path);
  if (mount) {
    // Shown at the manifest's $ref, which is where the reader is; the message says where in the file.
    const inner = [...mount.pointer, ...f.path.slice(mount.at.length)];
    const at = mount.locate(inner, f.at);
    const where = at ? `${mount.file}:${at.line}:${at.column}` : `${mount.file}#${pointerOf(inner)}`;
    return {
      code: f.code,
      severity: f.severity ?? 'error',
      path: formatPath(mount.via),
      message: `in ${where}: ${f.message}`,
      hint: f.hint,
      ...loaded.locate(mount.via),
    };
  }
  let { line, column } = loaded.locate(f.path, f.at);
  if (f.offset !== undefined) {
    const start = loaded.scalarStart(f.path);
    if (start?.exact) ({ line, column } = { line: start.line, column: start.column + f.offset });
  }
  return { code: f.code, severity: f.severity ?? 'error', path: formatPath(f.path), message: f.message, hint: f.hint, line, column };
}

function sortIssues(issues: Issue[]): Issue[] {
  return issues
    .map((issue, i) => ({ issue, i }))
    .sort((a, b) => a.issue.line - b.issue.line || a.issue.column - b.issue.column || a.i - b.i)
    .map(({ issue }) => issue);
}
