// Structural validation against schemas/manifest.schema.json, with errors rewritten for people: unknown keys get a
// "did you mean", enums list their values, and each error points at the offending key or value.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AjvModule, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { Finding } from './finding.js';
import { closest } from './finding.js';
import type { PathSegment } from './load-manifest.js';
import { packageRoot } from './package-root.js';

const Ajv = AjvModule.default ?? AjvModule;
let validator: ValidateFunction | undefined;

function manifestValidator(): ValidateFunction {
  if (!validator) {
    const schema = JSON.parse(readFileSync(join(packageRoot(), 'schemas', 'manifest.schema.json'), 'utf8'));
    validator = new Ajv({ allErrors: true, strict: false, verbose: true }).compile(schema);
  }
  return validator;
}

export function checkManifestShape(data: unknown): Finding[] {
  const validate = manifestValidator();
  if (validate(data)) return [];
  return dedupe((validate.errors ?? []).filter((e) => !isOneOfNoise(e)).map(toFinding));
}

function toFinding(e: ErrorObject): Finding {
  const path = pointerToPath(e.instancePath);
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties': {
      const key = String(p.additionalProperty);
      const allowed = Object.keys((e.parentSchema as { properties?: object })?.properties ?? {});
      const guess = closest(key, allowed);
      return {
        code: 'manifest/unknown-key',
        path: [...path, key],
        at: 'key',
        message: `unknown key '${key}'`,
        hint: guess ? `did you mean '${guess}'?` : `allowed keys here: ${allowed.join(', ')}`,
      };
    }
    case 'required':
      return {
        code: 'manifest/missing-key',
        path,
        message: `missing required key '${p.missingProperty}'`,
        hint: `add '${p.missingProperty}:' here`,
      };
    case 'enum':
      return { code: 'manifest/invalid-value', path, message: `must be one of: ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` };
    case 'const':
      return { code: 'manifest/invalid-value', path, message: `must be ${JSON.stringify(p.allowedValue)}` };
    case 'type':
      return { code: 'manifest/invalid-type', path, message: `must be ${String(p.type).replace(',', ' or ')}` };
    default:
      return { code: 'manifest/invalid-value', path, message: e.message ?? 'invalid value' };
  }
}

/** `http: {prot: 1}` fails both oneOf branches; the branch errors already say what is wrong. */
function isOneOfNoise(e: ErrorObject): boolean {
  return e.keyword === 'oneOf' || (e.keyword === 'type' && /\/oneOf\/\d+\/type$/.test(e.schemaPath) && e.schemaPath.includes('transports'));
}

function dedupe(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.path.join('\0')}|${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function pointerToPath(pointer: string): PathSegment[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^(0|[1-9]\d*)$/.test(s) ? Number(s) : s));
}
