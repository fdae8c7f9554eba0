import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isTargetName, packageRoot, TARGET_NAMES } from '../core/index.js';

export const STARTER_TEMPLATES = ['minimal', 'weather'];

/**
 * A starter mcp.yaml; the name is written as a JSON string, which is also valid YAML whatever it contains. With
 * `targets` (node and the platforms chosen with --target), a `targets:` line goes where the schema orders it: after
 * server and transports, before the entries.
 */
export function starterManifest(template: string, name: string, targets: readonly string[] = []): string {
  const text = readFileSync(join(packageRoot(), 'templates', 'init', `${template}.yaml`), 'utf8');
  const scalar = /^[a-z0-9][a-z0-9-]*$/.test(name) ? name : JSON.stringify(name);
  const named = text.replaceAll('__NAME__', scalar);
  return targets.length === 0 ? named : withTargets(named, targets);
}

const TARGETS_COMMENT = `# Where the server runs: node runs it locally (npm run dev, npm test, the Inspector), and the platforms after it
# are where it deploys. validate refuses a feature that a target listed cannot serve.`;

function withTargets(text: string, targets: readonly string[]): string {
  const lines = text.split('\n');
  let at = lines.findIndex((line) => /^(definitions|tools|resources|resourceTemplates|prompts):/.test(line));
  if (at < 0) at = lines.length;
  // Above the comment that introduces that section, which belongs to it.
  while (at > 0 && lines[at - 1].startsWith('#')) at--;
  lines.splice(at, 0, TARGETS_COMMENT, `targets: [${targets.join(', ')}]`, '');
  return lines.join('\n');
}

/**
 * The targets of `init --target` (repeatable, or comma lists): node first, which keeps the project running locally,
 * then each platform chosen, once, in the order given. Node alone is the default and needs no targets line (empty).
 */
export function initTargets(values: readonly string[]): { targets: string[] } | { error: string } {
  const chosen = values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
  const unknown = chosen.find((v) => !isTargetName(v));
  if (unknown !== undefined) return { error: `--target must be one of ${TARGET_NAMES.join(', ')}, not ${JSON.stringify(unknown)}` };
  const platforms = [...new Set(chosen)].filter((v) => v !== 'node');
  return { targets: platforms.length === 0 ? [] : ['node', ...platforms] };
}
