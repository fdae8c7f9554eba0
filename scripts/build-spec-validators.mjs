#!/usr/bin/env node
// Emits generator/validate/spec-validators.gen.js: ajv standalone validators for the MCP definitions mcp-gen checks
// (per spec revision), for the JSON Schema meta-schemas tool schemas are checked against, and for the manifest
// language itself (schemas/manifest.schema.json).
// Compiling these schemas with ajv at run time costs a few hundred ms per process; the generated code loads in a few.
// Run after changing schemas/mcp or upgrading ajv / ajv-formats:  node scripts/build-spec-validators.mjs
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const { _ } = require('ajv');
const Ajv = require('ajv').default;
const Ajv2019 = require('ajv/dist/2019').default;
const Ajv2020 = require('ajv/dist/2020').default;
const standaloneCode = require('ajv/dist/standalone').default;
const addFormats = require('ajv-formats').default;

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const OUTPUT = join(ROOT, 'generator', 'validate', 'spec-validators.gen.js');
export const OUTPUT_TYPES = join(ROOT, 'generator', 'validate', 'spec-validators.gen.d.ts');

const SCHEMA_DIR = join(ROOT, 'schemas', 'mcp');
export const SPEC_REVISIONS = readdirSync(SCHEMA_DIR)
  .filter((f) => f.endsWith('.schema.json'))
  .map((f) => f.slice(0, -'.schema.json'.length))
  .sort();
export const SPEC_KINDS = ['Tool', 'Resource', 'ResourceTemplate', 'Prompt', 'Implementation'];

// The official meta-schemas, as ajv bundles them. 2019-09 and 2020-12 are split into vocabularies joined by
// allOf and tied together with $recursiveRef / $dynamicRef, which ajv evaluates slowly (dynamic scope on every
// subschema). Nothing here extends them, so every dynamic reference resolves to the top meta-schema; merging the
// vocabularies into one schema with plain $refs accepts exactly the same schemas about twice as fast.
const META_SCHEMAS = [
  { dialect: 'draft-07', Ajv, schema: () => ({ ...refsJson('json-schema-draft-07.json'), $id: metaId('draft-07') }) },
  { dialect: '2019-09', Ajv: Ajv2019, schema: () => flattenMetaSchema('json-schema-2019-09', '2019-09') },
  { dialect: '2020-12', Ajv: Ajv2020, schema: () => flattenMetaSchema('json-schema-2020-12', '2020-12') },
];

const metaId = (dialect) => `urn:mcp-gen:meta-schema:${dialect}`;
const refsJson = (file) => require(`ajv/dist/refs/${file}`);

const VOCABULARY_KEYS = new Set([
  '$schema',
  '$id',
  '$vocabulary',
  '$dynamicAnchor',
  '$recursiveAnchor',
  'title',
  'type',
  'properties',
  '$defs',
  '$comment',
]);

function flattenMetaSchema(dir, dialect) {
  const top = refsJson(`${dir}/schema.json`);
  const merged = { $schema: top.$schema, $id: metaId(dialect), type: ['object', 'boolean'], properties: {}, $defs: {} };
  const merge = (from, schema) => {
    // Anything beyond properties and $defs would need thought; fail loudly if ajv's copies ever change shape.
    const unknown = Object.keys(schema).filter((k) => !VOCABULARY_KEYS.has(k) && !(schema === top && k === 'allOf'));
    if (unknown.length) throw new Error(`${dir}/${from}: cannot flatten keywords ${unknown.join(', ')}`);
    for (const part of ['properties', '$defs']) {
      for (const [key, value] of Object.entries(schema[part] ?? {})) {
        if (key in merged[part]) throw new Error(`${dir}/${from}: ${part}.${key} is defined twice`);
        merged[part][key] = value;
      }
    }
  };
  for (const { $ref } of top.allOf) merge($ref, refsJson(`${dir}/${$ref}.json`));
  merge('schema.json', top);
  const flat = rewriteRefs(merged);
  if (/"\$(dynamicRef|recursiveRef)":"/.test(JSON.stringify(flat))) throw new Error(`${dir}: a dynamic reference is left`);
  return flat;
}

/** Dynamic references become `#`; `meta/<vocabulary>#/$defs/x` becomes `#/$defs/x` (all $defs are merged). */
function rewriteRefs(node) {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node === null || typeof node !== 'object') return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    // String values only: under `properties`, "$ref" and "$dynamicRef" are also names of (object-valued) entries.
    if ((key === '$dynamicRef' && value === '#meta') || (key === '$recursiveRef' && value === '#')) out.$ref = '#';
    else if (key === '$ref' && typeof value === 'string' && value.startsWith('meta/')) out.$ref = value.slice(value.indexOf('#'));
    else out[key] = rewriteRefs(value);
  }
  return out;
}

// messages: false keeps the output small; validate-against-spec.ts words messages from keyword + params itself.
// lines: true keeps diffs of the committed file reviewable. code.formats names the table the generated code reads
// format checks from; it is defined in the generated file's preamble below.
const AJV_OPTIONS = {
  allErrors: true,
  strict: false,
  messages: false,
  code: { source: true, lines: true, formats: _`jsonSchemaFormats()` },
};

function newAjv(AjvClass) {
  const ajv = new AjvClass(AJV_OPTIONS);
  addFormats(ajv);
  return ajv;
}

function newMetaSchemaAjv(AjvClass) {
  const ajv = newAjv(AjvClass);
  // Of the formats meta-schemas use, only "regex" is asserted: the SDK's ajv throws on a pattern it cannot compile,
  // while a "$ref" or "$id" that is not strictly a URI reference (a space in a $defs name) still resolves there.
  for (const name of ['uri', 'uri-reference']) ajv.addFormat(name, true);
  return ajv;
}

/** One standalone validator as a function body ending in `return <validate function>`. */
function factoryBody(ajv, ref) {
  const code = standaloneCode(ajv, { v: ref }).replace(/^"use strict";\s*/, '');
  return `const exports = {};\n${dropUnusedConstants(code)}\nreturn exports.v;`;
}

// Ajv declares every schema object it visited as a scope constant, referenced or not; the unused ones are big
// description-laden copies of the MCP schema that would only cost parse and allocation time.
function dropUnusedConstants(code) {
  return code
    .split('\n')
    .filter((line) => {
      const m = /^const (schema\d+) = /.exec(line);
      return !m || new RegExp(`\\b${m[1]}\\b`).test(code.replace(line, ''));
    })
    .join('\n');
}

function indent(text, prefix) {
  return text
    .split('\n')
    .map((line) => (line ? prefix + line : line))
    .join('\n');
}

function factoryTable(entries) {
  return `{\n${entries.map(([key, body]) => `  ${JSON.stringify(key)}() {\n${indent(body, '    ')}\n  },`).join('\n')}\n}`;
}

// Standalone code is CommonJS-flavoured; require() is also much cheaper than an ESM import of a CJS file, and here
// it only runs when a factory does. Patterns must compile with the "u" flag because that is how ajv (and so the MCP
// SDK) compiles them; ajv-formats' own "regex" check omits the flag.
const PREAMBLE = `import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);

let formats;
function jsonSchemaFormats() {
  return (formats ??= { ...require('ajv-formats/dist/formats').fullFormats, regex: isUnicodeRegExp });
}

function isUnicodeRegExp(source) {
  try {
    new RegExp(source, 'u');
    return true;
  } catch {
    return false;
  }
}`;

// check-manifest-shape words its findings from ajv's messages and reads the failing schemas (verbose), so this one
// keeps both; it declares no formats.
function manifestValidatorBody() {
  const schema = JSON.parse(readFileSync(join(ROOT, 'schemas', 'manifest.schema.json'), 'utf8'));
  const ajv = new Ajv({ allErrors: true, strict: false, verbose: true, code: { source: true, lines: true } });
  ajv.addSchema(schema, 'manifest');
  return factoryBody(ajv, 'manifest');
}

/** The full text of spec-validators.gen.js; deterministic for given schemas and ajv / ajv-formats versions. */
export function buildSpecValidatorsSource() {
  const spec = [];
  for (const revision of SPEC_REVISIONS) {
    const schema = JSON.parse(readFileSync(join(SCHEMA_DIR, `${revision}.schema.json`), 'utf8'));
    const defs = schema.$defs ? '$defs' : 'definitions';
    const ajv = newAjv(schema.$defs ? Ajv2020 : Ajv);
    const id = `mcp-${revision}`;
    ajv.addSchema(schema, id);
    for (const kind of SPEC_KINDS) {
      if (!schema[defs][kind]) throw new Error(`${revision} schema has no ${defs}/${kind}`);
      spec.push([`${revision}/${kind}`, factoryBody(ajv, `${id}#/${defs}/${kind}`)]);
    }
  }
  const meta = META_SCHEMAS.map(({ dialect, Ajv: AjvClass, schema }) => {
    const ajv = newMetaSchemaAjv(AjvClass);
    ajv.addSchema(schema());
    return [dialect, factoryBody(ajv, metaId(dialect))];
  });

  const versions = ['ajv', 'ajv-formats'].map((p) => `${p} ${require(`${p}/package.json`).version}`).join(', ');
  const header = [
    '// Generated by scripts/build-spec-validators.mjs from schemas/mcp/*.schema.json, schemas/manifest.schema.json',
    `// and the JSON Schema meta-schemas bundled with ${versions} (2019-09 and 2020-12 merged into one schema each).`,
    '// Do not edit: run `node scripts/build-spec-validators.mjs`.',
    '// Each entry is a factory so that only the validators a run asks for are compiled by the JS engine.',
    '/* eslint-disable */',
  ];
  return [
    ...header,
    PREAMBLE,
    '',
    `export const specValidatorFactories = ${factoryTable(spec)};`,
    '',
    `export const metaSchemaValidatorFactories = ${factoryTable(meta)};`,
    '',
    `export function manifestValidatorFactory() {\n${indent(manifestValidatorBody(), '  ')}\n}`,
    '',
  ].join('\n');
}

export const SPEC_VALIDATORS_TYPES = `// Generated by scripts/build-spec-validators.mjs. Do not edit.
import type { ErrorObject } from 'ajv';

/** An ajv standalone validator: returns whether \`data\` is valid and leaves the reasons in \`errors\`. */
export interface GeneratedValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/** Keyed \`<revision>/<kind>\`, e.g. \`2025-11-25/Tool\`. Each call compiles a fresh validator. */
export declare const specValidatorFactories: Readonly<Record<string, () => GeneratedValidator>>;

/** Keyed by dialect: \`draft-07\`, \`2019-09\`, \`2020-12\`. */
export declare const metaSchemaValidatorFactories: Readonly<Record<string, () => GeneratedValidator>>;

/** schemas/manifest.schema.json, with ajv's messages and the failing schemas in each error (verbose). */
export declare function manifestValidatorFactory(): GeneratedValidator;
`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(OUTPUT, buildSpecValidatorsSource());
  writeFileSync(OUTPUT_TYPES, SPEC_VALIDATORS_TYPES);
  console.log(`wrote ${OUTPUT} and ${OUTPUT_TYPES}`);
}
