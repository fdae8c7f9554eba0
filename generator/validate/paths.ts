// Paths that names and `file:` references turn into. Handler files must be creatable on every OS a project is
// checked out on, and `file:` may only read beside the manifest: a manifest from a pull request must not embed
// ~/.ssh/id_rsa into a generated server.
import { realpathSync } from 'node:fs';
import { isAbsolute, posix, relative, resolve, sep } from 'node:path';
import type { Finding } from '../core/index.js';
import type { PathSegment } from '../load/index.js';
import type { Manifest } from '../core/index.js';
import { ENTRY_KINDS, entriesOf } from '../core/index.js';
import { fileBase } from '../core/index.js';
import { isObject } from '../core/index.js';

// Windows refuses these as file names whatever the extension (`con.ts` included).
export const DEVICE_NAMES = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/;
/** Room for `.ts` and the write stage's temporary suffix under the common 255-byte name limit. */
export const MAX_FILE_BASE = 200;

export function checkPaths(m: Manifest, manifestDir: string): Finding[] {
  const findings: Finding[] = [];
  for (const kind of ENTRY_KINDS) {
    for (const [name] of entriesOf(m, kind)) {
      const base = fileBase(name);
      if (DEVICE_NAMES.test(base)) {
        findings.push({
          code: 'name/reserved-file-name',
          path: [kind, name],
          at: 'key',
          message: `${JSON.stringify(name)} would name its handler file ${base}.ts, which Windows reserves for a device`,
          hint: `rename it (for example ${base}_handler)`,
        });
      } else if (base.length > MAX_FILE_BASE) {
        findings.push({
          code: 'name/file-name-too-long',
          path: [kind, name],
          at: 'key',
          message: `the name makes a handler file name of ${base.length} characters; at most ${MAX_FILE_BASE} fit every file system`,
          hint: 'use a shorter name (the title and description can say more)',
        });
      }
    }
  }
  for (const { path, file } of fileReferences(m)) {
    const problem = outsideFolder(file, manifestDir);
    if (problem)
      findings.push({
        code: 'file/outside',
        path,
        message: `file ${JSON.stringify(file)} ${problem}`,
        hint: "copy the file into the manifest's folder (or a subfolder) and name it relative to mcp.yaml",
      });
  }
  return findings;
}

/** The PNG files of the MCP Bundle's icons (bundle.icon, bundle.icons[].file), with their manifest paths. */
export function bundleIconReferences(m: Manifest): { path: PathSegment[]; file: string }[] {
  const refs: { path: PathSegment[]; file: string }[] = [];
  if (typeof m.bundle?.icon === 'string') refs.push({ path: ['bundle', 'icon'], file: m.bundle.icon });
  if (Array.isArray(m.bundle?.icons))
    m.bundle.icons.forEach((icon, i) => {
      if (isObject(icon) && typeof icon.file === 'string') refs.push({ path: ['bundle', 'icons', i, 'file'], file: icon.file });
    });
  return refs;
}

/** Every file the manifest names (`file:` of resources and prompt message content, the bundle's icons), with its manifest path. */
export function fileReferences(m: Manifest): { path: PathSegment[]; file: string }[] {
  const refs: { path: PathSegment[]; file: string }[] = [];
  const add = (path: PathSegment[], value: unknown) => {
    if (typeof value === 'string') refs.push({ path, file: value });
  };
  refs.push(...bundleIconReferences(m));
  for (const [name, r] of entriesOf(m, 'resources')) add(['resources', name, 'file'], r.file);
  for (const [name, p] of entriesOf(m, 'prompts')) {
    if (!Array.isArray(p.messages)) continue;
    p.messages.forEach((msg, i) => {
      const content = isObject(msg) ? msg.content : undefined;
      if (!isObject(content)) return;
      const at: PathSegment[] = ['prompts', name, 'messages', i, 'content'];
      add([...at, 'file'], content.file);
      if (isObject(content.resource)) add([...at, 'resource', 'file'], content.resource.file);
    });
  }
  return refs;
}

/**
 * The files a manifest embeds, relative to its folder (normalized, forward slashes, each once): what a run's output
 * depends on besides the manifest and its schema files, so run keys digest them. Only valid references are listed.
 */
export function embeddedFiles(m: Manifest): string[] {
  const files = fileReferences(m).map(({ file }) => posix.normalize(file.replaceAll('\\', '/')));
  return [...new Set(files.filter((f) => f !== '' && !posix.isAbsolute(f) && f !== '..' && !f.startsWith('../')))];
}

/** Why `file` reads outside `dir`, or undefined when it stays inside (absolute paths are reported elsewhere). */
function outsideFolder(file: string, dir: string): string | undefined {
  if (isAbsolute(file) || file === '') return undefined;
  const root = resolve(dir);
  if (escapes(root, resolve(root, file))) return "leaves the manifest's folder";
  let real: string;
  let realRoot: string;
  try {
    real = realpathSync(resolve(root, file));
    realRoot = realpathSync(root);
  } catch {
    return undefined; // a missing file is reported by the content check
  }
  return escapes(realRoot, real) ? "is a link to a file outside the manifest's folder" : undefined;
}

function escapes(root: string, target: string): boolean {
  const rel = relative(root, target);
  return rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel);
}
