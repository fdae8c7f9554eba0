// Keys of a `_meta` object, as the spec (2025-06-18 on, General fields) writes them: an optional prefix of dot-separated
// labels and a slash, then a name. Labels start with a letter and end with a letter or digit, with letters, digits
// and hyphens between; a name, unless empty, starts and ends with a letter or digit, with `-`, `_` and `.` between.
// A key outside that form is an error (the spec's MUST). A prefix whose second label is `modelcontextprotocol` or
// `mcp` (`io.modelcontextprotocol/`, `dev.mcp/`; from 2025-11-25), or with such a label before its last one
// (`modelcontextprotocol.io/`; 2025-06-18, whose clients are served too), is the protocol's own: a server that writes
// one claims a name the spec may define differently, so it gets a warning.
import type { Finding, PathSegment } from '../core/index.js';
import type { Manifest } from '../core/index.js';
import { eachField, isObject } from '../core/index.js';

const LABEL = /^[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
const NAME = /^(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?$/;
const RESERVED = new Set(['modelcontextprotocol', 'mcp']);

export function checkMetaKeys(m: Manifest): Finding[] {
  const findings: Finding[] = [];
  // eachField leaves out JSON Schemas, where a property named `_meta` is an argument, not metadata.
  eachField(m, (key, value, path) => {
    if (key !== '_meta' || !isObject(value)) return false;
    // What `_meta` holds is free: only its own keys have a form.
    for (const metaKey of Object.keys(value)) findings.push(...keyFindings(metaKey, [...path, metaKey]));
    return true;
  });
  return findings;
}

function keyFindings(key: string, path: PathSegment[]): Finding[] {
  const slash = key.lastIndexOf('/');
  const prefix = slash < 0 ? undefined : key.slice(0, slash);
  const name = key.slice(slash + 1);
  const labels = prefix?.split('.') ?? [];
  const badLabel = labels.find((l) => !LABEL.test(l));
  const problem =
    badLabel !== undefined
      ? `its prefix label ${JSON.stringify(badLabel)} does not start with a letter and end with a letter or digit, with only letters, digits and hyphens between`
      : !NAME.test(name)
        ? `its name ${JSON.stringify(name)} does not start and end with a letter or digit, with only letters, digits, -, _ and . between`
        : undefined;
  if (problem)
    return [
      {
        code: 'meta/key-format',
        path,
        at: 'key',
        message: `_meta key ${JSON.stringify(key)} is not in the spec's form: ${problem}`,
        hint: 'write [prefix/]name, the prefix your reverse domain name (com.example/), the name like cache-ttl or region',
      },
    ];
  const reserved = (l: string) => RESERVED.has(l.toLowerCase());
  if (labels.length >= 2 && (reserved(labels[1]) || labels.slice(0, -1).some(reserved)))
    return [
      {
        code: 'meta/reserved-prefix',
        severity: 'warning',
        path,
        at: 'key',
        message: `_meta key ${JSON.stringify(key)} is under ${prefix}/, which the spec reserves for MCP itself`,
        hint: 'use a prefix of your own reverse domain name, such as com.example/',
      },
    ];
  return [];
}
