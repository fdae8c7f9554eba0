import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../core/index.js';

/**
 * The build's fingerprint of everything that shapes generated output (dist/fingerprint.txt). Running from sources
 * there is none, and every run does the full work.
 */
export function generatorFingerprint(): string | undefined {
  const file = join(packageRoot(), 'dist', 'fingerprint.txt');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

export function generatorVersion(): string {
  return JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')).version;
}
