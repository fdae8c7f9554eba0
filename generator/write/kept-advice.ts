// Advice on files that are the user's once written (Dockerfile, ignore files): mcp-gen never rewrites them, so what a
// newer mcp-gen would write differently is named on `generate` (as a note on the kept file) and `check` (a note line),
// never changed and never a failure.
import semver from 'semver';

/** The note for a kept user file, when what mcp-gen writes now asks for something the file lacks. */
export function keptFileAdvice(path: string, current: string, emitted: string, packageJson: string | undefined): string | undefined {
  if (path === 'Dockerfile')
    return [dockerNodeAdvice(current, emitted, packageJson), dockerOwnerAdvice(current)].filter(Boolean).join('; ') || undefined;
  if (IGNORE_FILES.has(path)) return missingLinesAdvice(current, emitted);
  if (path === 'tsconfig.json') return tsconfigAdvice(current, emitted);
  return undefined;
}

/**
 * A tsconfig.json of the user's (an existing project that mcp-gen was added to) that cannot build the generated
 * code, or builds it where the scripts and the Dockerfile do not look: named, never changed. Options it does not
 * set (it may extend another file) are not judged.
 */
export function tsconfigAdvice(current: string, emitted: string): string | undefined {
  const options = (text: string): Record<string, unknown> | undefined => {
    try {
      // JSON with comments and trailing commas, as tsc reads it.
      const json = text.replace(/("(?:[^"\\]|\\.)*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (m, str) => str ?? '').replace(/,(\s*[}\]])/g, '$1');
      const parsed = JSON.parse(json) as { compilerOptions?: Record<string, unknown> };
      return parsed.compilerOptions ?? {};
    } catch {
      return undefined;
    }
  };
  const have = options(current);
  const want = options(emitted);
  if (!have || !want) return undefined;
  const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);
  const advice: string[] = [];
  for (const key of ['module', 'moduleResolution'])
    if (have[key] !== undefined && lower(have[key]) !== lower(want[key]))
      advice.push(
        `${key} is ${JSON.stringify(have[key])}, but the generated code needs ${JSON.stringify(want[key])} (ES modules, import.meta)`,
      );
  if (have.outDir !== undefined && String(have.outDir).replace(/^\.\/|\/$/g, '') !== want.outDir)
    advice.push(`outDir is ${JSON.stringify(have.outDir)}, but npm start, the bundle and the Dockerfile run ${want.outDir}/main.js`);
  return advice.length ? advice.join('; ') : undefined;
}

// Line lists whose every line stands alone: one missing is a pattern mcp-gen's output needs and the file lacks.
const IGNORE_FILES = new Set(['.gitignore', '.dockerignore', '.gitattributes', '.mcpbignore']);

/**
 * The rules of `emitted` (an ignore or attributes file as mcp-gen writes it now) that `current` lacks, e.g. `*.mcpb`
 * in the .gitignore of a project made before bundles. Comments and blank lines are not rules; `dist` and `/dist/`
 * count as the same rule.
 */
export function missingLinesAdvice(current: string, emitted: string): string | undefined {
  const rules = (text: string) =>
    text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));
  const key = (rule: string) => rule.replace(/\s+/g, ' ').replace(/^\/|\/$/g, '');
  const have = new Set(rules(current).map(key));
  const missing = rules(emitted).filter((rule) => !have.has(key(rule)));
  return missing.length
    ? `lacks ${missing.join(', ')}, which mcp-gen writes in new projects: add ${missing.length > 1 ? 'them' : 'it'} unless left out on purpose`
    : undefined;
}

/**
 * The Dockerfile is the user's once written, so a Node older than generated projects support is advice, not a change:
 * named when one of its `FROM node:<major>` images is below the `engines.node` floor of the package.json mcp-gen writes.
 */
export function dockerNodeAdvice(current: string, emitted: string, packageJson: string | undefined): string | undefined {
  const floor = nodeFloor(packageJson);
  if (floor === undefined) return undefined;
  const images = (text: string) =>
    [...text.matchAll(/^\s*FROM\s+((?:docker\.io\/)?(?:library\/)?node:(\d+)\S*)/gim)].map((m) => ({ image: m[1], major: Number(m[2]) }));
  const old = new Set(images(current).flatMap((i) => (i.major < floor ? [i.image] : [])));
  if (old.size === 0) return undefined;
  const ours = images(emitted)[0]?.image;
  return `${[...old].join(', ')}: below Node ${floor}, the oldest generated projects support (package.json engines)${ours ? `; the Dockerfile mcp-gen writes uses ${ours}` : ''}`;
}

/**
 * Dockerfiles mcp-gen wrote before leave the app's files to the user that runs it (`COPY --chown=node:node`), so a
 * compromised server could rewrite its own code: named when the image that runs (the last stage) copies files to
 * a user other than root.
 */
export function dockerOwnerAdvice(current: string): string | undefined {
  const stages = current.split(/^\s*FROM\s/im);
  const owners = [...(stages.at(-1) ?? '').matchAll(/^\s*(?:COPY|ADD)\b[^\n]*--chown=(\S+)/gim)]
    .map((m) => m[1])
    .filter((owner) => !/^(?:root|0)(?::(?:root|0))?$/.test(owner));
  if (owners.length === 0) return undefined;
  return `gives the app's files to ${[...new Set(owners)].join(', ')} (COPY --chown), the user that runs the server, which can then rewrite its own code; the Dockerfile mcp-gen writes leaves them to root (COPY without --chown), read-only to that user`;
}

/** The major version at the floor of a package.json's engines.node, if it has one. */
function nodeFloor(packageJson: string | undefined): number | undefined {
  try {
    const node = JSON.parse(packageJson ?? '{}').engines?.node;
    return typeof node === 'string' && semver.validRange(node) ? semver.minVersion(node)?.major : undefined;
  } catch {
    return undefined;
  }
}
