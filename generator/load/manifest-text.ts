// What to say about a manifest that was not read: why, and what to do. `mcp-gen validate` one folder above the project
// is a common slip: the hint for a missing manifest names the manifests one level down.
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { type ManifestRefusal, MAX_PROJECT_FILE_BYTES, readManifestSource } from '../core/index.js';

export type ManifestTextRead = { ok: true; source: string } | { ok: false; message: string; hint: string };

/** The manifest's text, read as core/manifest-file.ts allows, or why not as an error message and a hint. */
export function readManifestText(file: string): ManifestTextRead {
  const read = readManifestSource(file);
  return read.ok ? read : { ok: false, ...unreadableManifest(file, read) };
}

const CONFINED_HINT =
  'a manifest (or a document to import) is read only as a regular file inside its own folder: put the file itself there';

/**
 * `message` completes "cannot read the manifest: ..."; every reason names what the file is, never what it holds.
 * `what` names another kind of input read under the same rules (an OpenAPI document to import).
 */
export function unreadableManifest(file: string, refusal: ManifestRefusal, what = 'the manifest'): { message: string; hint: string } {
  const cannot = (reason: string, hint: string) => ({ message: `cannot read ${what}: ${reason}`, hint });
  switch (refusal.kind) {
    case 'missing':
      return cannot('file not found', missingManifestHint(file));
    case 'folder':
      return cannot('it is a folder', `pass the manifest file in it: -m ${join(file, 'mcp.yaml')}`);
    case 'outside':
    case 'outside-link':
      return cannot(`it is a link to ${refusal.detail ?? 'a file'}, outside ${what}'s folder`, CONFINED_HINT);
    case 'linked-folder':
      return cannot(`its folder is a link to ${refusal.detail}, outside the working directory`, CONFINED_HINT);
    case 'loop':
      return cannot('it is a link that loops', 'fix or remove the symbolic link');
    case 'special':
      return cannot(`it is not a regular file (${refusal.detail ?? 'a device, pipe or socket'}), and is never read`, CONFINED_HINT);
    case 'too-large':
      return cannot(
        `it is larger than ${MAX_PROJECT_FILE_BYTES / 1024 / 1024} MiB`,
        'a manifest declares; large content belongs in the files it embeds (file:) or behind a handler',
      );
    default:
      return cannot(`it cannot be read (${refusal.detail ?? 'unknown error'})`, "check the file's permissions");
  }
}

/** The hint for a manifest that is not there: the same file name in a subfolder, else -m or init. */
export function missingManifestHint(file: string): string {
  const name = basename(file);
  let found: string[] = [];
  try {
    found = readdirSync(dirname(file), { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules')
      .slice(0, 500)
      .map((e) => e.name)
      .sort()
      .map((folder) => join(dirname(file), folder, name))
      .filter((candidate) => existsSync(candidate));
  } catch {
    // The folder itself is missing or unreadable: the general hint.
  }
  if (found.length === 0) return 'pass the manifest with -m PATH, or run `mcp-gen init` to create one';
  const shown = found.slice(0, 3).join(', ') + (found.length > 3 ? `, and ${found.length - 3} more` : '');
  return `found ${shown}: pass it with -m ${found[0]}`;
}
