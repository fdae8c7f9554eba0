import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../core/index.js';

export const STARTER_TEMPLATES = ['minimal', 'weather'];

/** A starter mcp.yaml; the name is written as a JSON string, which is also valid YAML whatever it contains. */
export function starterManifest(template: string, name: string): string {
  const text = readFileSync(join(packageRoot(), 'templates', 'init', `${template}.yaml`), 'utf8');
  const scalar = /^[a-z0-9][a-z0-9-]*$/.test(name) ? name : JSON.stringify(name);
  return text.replaceAll('__NAME__', scalar);
}
