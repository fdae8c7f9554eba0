import { dirname } from 'node:path';
import { checkAuth } from './check-auth.js';
import { checkContent } from './check-content.js';
import { checkExamples } from './check-examples.js';
import { checkHttp } from './check-http.js';
import { checkInheritedNames } from './check-inherited-names.js';
import { checkLimits } from './check-limits.js';
import { checkManifestShape } from './check-manifest-shape.js';
import { checkNames } from './check-names.js';
import { checkPaths } from './check-paths.js';
import { checkPrompts } from './check-prompts.js';
import { checkSchemas } from './check-schemas.js';
import { checkSpec } from './check-spec.js';
import { checkCompletions, checkTransports } from './check-transports.js';
import { checkUris } from './check-uris.js';
import type { Finding } from './finding.js';
import { formatPath } from './finding.js';
import { hasErrors, type Issue } from './issue.js';
import type { LoadedManifest } from './load-manifest.js';
import type { Manifest } from './manifest-types.js';
import { lintManifest } from './review/lint-manifest.js';
import { isObject } from './schema-refs.js';

/**
 * Every problem in the manifest at once, positioned and sorted; an empty error list means it can be generated.
 * With `lint`, a manifest without errors is also linted; lint findings are warnings here whatever their level.
 */
export function validateManifest(loaded: LoadedManifest, options: { lint?: boolean } = {}): Issue[] {
  const issues = [...loaded.issues];
  const data = loaded.data;
  if (data === undefined) return issues;
  if (!isObject(data)) {
    issues.push({ code: 'manifest/not-a-map', severity: 'error', path: '', message: 'the manifest must be a YAML map with version: and server:', hint: 'run `mcp-gen init` for a commented starter manifest', line: 1, column: 1 });
    return issues;
  }
  const shape = checkManifestShape(data);
  const m = data as Manifest;
  const findings: Finding[] = [
    ...shape,
    ...checkNames(m),
    ...checkSchemas(m),
    ...checkUris(m),
    ...checkPrompts(m),
    ...checkContent(m, dirname(loaded.file)),
    ...checkTransports(m),
    ...checkCompletions(m),
    ...checkAuth(m),
    ...checkHttp(m),
    ...checkPaths(m, dirname(loaded.file)),
    ...checkLimits(m),
    ...checkInheritedNames(m),
    ...checkExamples(m),
  ];
  // The spec check reports what the earlier checks already explain in manifest terms; run it on clean input only.
  if (!findings.some((f) => f.severity !== 'warning')) findings.push(...checkSpec(m));
  issues.push(...findings.map((f) => locateFinding(loaded, f)));
  if (options.lint && !hasErrors(issues)) issues.push(...lintManifest(loaded).map((i) => ({ ...i, severity: 'warning' as const })));
  return sortIssues(issues);
}

function locateFinding(loaded: LoadedManifest, f: Finding): Issue {
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
