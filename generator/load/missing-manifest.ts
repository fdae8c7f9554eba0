// `mcp-gen validate` one folder above the project is a common slip: the hint names the manifests one level down.
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

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
