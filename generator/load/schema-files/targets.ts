// One step of resolving file refs: from a `$ref` to the schema it names (reading and parsing its file once), or
// to the reason it cannot be taken. Every limit is checked here, before anything recursive touches the data.
import type { Finding } from '../../core/index.js';
import { closest } from '../../core/index.js';
import type { PathSegment } from '../load-manifest.js';
import { parseSchemaFile } from './parse.js';
import type { Nameable } from './names.js';
import { findFragment, parseSchemaRef, pointerOf } from './refs.js';
import { fileDigest, type SchemaFileSource } from './source.js';
import { collectRefs, isObject, measureJson, SCHEMA_LIMITS, walkSchema } from '../../core/index.js';

/** A `$ref` to follow: in the manifest (no owner) or inside a schema taken from a file. */
export interface Site {
  ref: string;
  /** The manifest data path of the `$ref` keyword, or its path inside the owner's schema. */
  path: PathSegment[];
  owner?: Target;
  /** The manifest schema is nothing but this ref, so the file's schema may take its place. */
  inline?: 'definition' | 'tool';
  /** This definition became the file's schema (under the definition's name). */
  claims?: boolean;
  via: PathSegment[];
  /** Refs followed to get here: 0 in the manifest. */
  depth: number;
  target?: Target;
}

/** A schema taken from a file: one per place in one file, however many refs name it. */
export interface Target extends Nameable {
  /**
   * What is published: a copy without `$id`, `$schema`, anchors and nested definitions. Refs into it are rewritten
   * instead, and it is read in the dialect of the tool schema that uses it.
   */
  copy: unknown;
  /** The file's own `$schema`, kept when the file's whole schema becomes a tool's schema. */
  dialect?: string;
  sites: Site[];
  depth: number;
  via: PathSegment[];
  from: Site;
  referenced?: boolean;
  locate(path: readonly PathSegment[], at?: 'key' | 'value'): { line: number; column: number } | undefined;
}

/** `where`: `:line:column` in the file, when a parse error has one. */
type Doc =
  | { ok: true; data: unknown; locate: Target['locate'] }
  | { ok: false; code: string; reason: string; hint?: string; where?: string };

export interface ResolveContext {
  files: SchemaFileSource;
  docs: Map<string, Doc>;
  targets: Map<string, Target>;
  read: { path: string; digest: string }[];
  bytes: number;
}

type Taken = { target: Target; isNew: boolean } | { finding: Omit<Finding, 'path'> };

const TOTAL_BYTES = 16 * SCHEMA_LIMITS.fileBytes;

export function takeSchema(site: Site, ctx: ResolveContext): Taken {
  const shown = `$ref ${JSON.stringify(site.ref)}`;
  const ref = parseSchemaRef(site.ref, site.owner ? dirOf(site.owner.file) : '');
  if (ref.kind === 'refused') return { finding: { code: ref.code, message: `${shown} ${ref.reason}`, hint: ref.hint } };
  const file = ref.kind === 'local' ? site.owner!.file : ref.path;
  const doc = loadSchemaDoc(file, ctx);
  if (!doc.ok) return { finding: { code: doc.code, message: `${shown}: ${file}${doc.where ?? ''} ${doc.reason}`, hint: doc.hint } };
  const found = findFragment(doc.data, ref.fragment);
  if (!found) {
    return {
      finding: {
        code: 'schema/file-pointer',
        message: `${shown}: ${file} has nothing at #${ref.fragment}`,
        hint: pointerHint(doc.data, ref.fragment, site.ref),
      },
    };
  }
  if (!isObject(found.node) && typeof found.node !== 'boolean') {
    const kind = found.node === null ? 'null' : Array.isArray(found.node) ? 'a list' : `a ${typeof found.node}`;
    return {
      finding: {
        code: 'schema/file-not-schema',
        message: `${shown}: ${file}#${pointerOf(found.path)} is ${kind}, not a schema`,
        hint: 'point at a JSON Schema: an object (or true or false)',
      },
    };
  }
  const key = `${file}#${pointerOf(found.path)}`;
  const known = ctx.targets.get(key);
  if (known) return { target: (site.target = known), isNew: false };
  if (site.depth >= SCHEMA_LIMITS.refChain) {
    return {
      finding: {
        code: 'schema/ref-chain',
        message: `${shown}: following $refs through files goes more than ${SCHEMA_LIMITS.refChain} deep (${chain(site)})`,
        hint: 'validators compile a chain of $refs recursively: flatten some of the schemas along it',
      },
    };
  }
  if (ctx.targets.size >= SCHEMA_LIMITS.fileSchemas) {
    return {
      finding: {
        code: 'schema/too-large',
        message: `${shown}: the manifest takes more than ${SCHEMA_LIMITS.fileSchemas} schemas from files`,
        hint: 'share fewer, larger schemas',
      },
    };
  }
  if (measureJson(found.node, SCHEMA_LIMITS.depth, SCHEMA_LIMITS.nodes).nodes > SCHEMA_LIMITS.nodes) {
    return {
      finding: {
        code: 'schema/too-large',
        message: `${shown}: ${key} has more than ${SCHEMA_LIMITS.nodes} values`,
        hint: 'split the schema, or share repeated parts through $ref',
      },
    };
  }
  const copy = structuredClone(found.node);
  walkSchema(copy, (s) => {
    // Deleted before the walk reaches them: nested definitions are only reached through refs, which become definitions.
    for (const k of ['$id', '$schema', '$anchor', '$defs', 'definitions']) delete s[k];
  });
  const dialect =
    found.path.length === 0 && isObject(found.node) && typeof found.node.$schema === 'string' ? found.node.$schema : undefined;
  const target: Target = {
    key,
    file,
    pointer: found.path,
    copy,
    dialect,
    sites: [],
    depth: site.depth + 1,
    via: site.via,
    from: site,
    locate: doc.locate,
  };
  target.sites = collectRefs(copy).map((use) => ({ ref: use.ref, path: use.path, owner: target, via: target.via, depth: target.depth }));
  ctx.targets.set(key, target);
  site.target = target;
  return { target, isNew: true };
}

/** Reads and parses a file once; a document nested past the depth limit is refused before anything walks it. */
export function loadSchemaDoc(file: string, ctx: ResolveContext): Doc {
  const cached = ctx.docs.get(file);
  if (cached) return cached;
  if (ctx.docs.size >= SCHEMA_LIMITS.files) {
    return {
      ok: false,
      code: 'schema/too-large',
      reason: `is one file too many: at most ${SCHEMA_LIMITS.files} schema files are read`,
      hint: 'gather schemas into fewer files',
    };
  }
  const read = ctx.files.read(file);
  ctx.read.push({ path: file, digest: fileDigest(file, read) });
  let doc: Doc;
  if (!read.ok) doc = read;
  else if ((ctx.bytes += read.bytes.length) > TOTAL_BYTES) {
    doc = {
      ok: false,
      code: 'schema/too-large',
      reason: `takes the schema files read past ${TOTAL_BYTES / 1024 / 1024} MiB in all`,
      hint: 'gather fewer, smaller schemas',
    };
  } else {
    const parsed = parseSchemaFile(file, read.bytes);
    if (!parsed.ok) {
      const where = parsed.line ? `:${parsed.line}:${parsed.column}` : undefined;
      return cache(ctx, file, {
        ok: false,
        code: parsed.code ?? 'schema/file-parse',
        reason: parsed.reason,
        where,
        hint: parsed.hint ?? 'fix the file: it must hold JSON (.json) or YAML (.yaml, .yml)',
      });
    }
    const deep = measureJson(parsed.data, SCHEMA_LIMITS.depth, Number.MAX_SAFE_INTEGER).tooDeep;
    doc = deep
      ? {
          ok: false,
          code: 'schema/too-deep',
          reason: `nests more than ${SCHEMA_LIMITS.depth} levels deep (at #${pointerOf(deep)})`,
          hint: "split the file's schemas and join them with $ref",
        }
      : { ok: true, data: parsed.data, locate: parsed.locate };
  }
  return cache(ctx, file, doc);
}

function cache(ctx: ResolveContext, file: string, doc: Doc): Doc {
  ctx.docs.set(file, doc);
  return doc;
}

function dirOf(file: string): string {
  const slash = file.lastIndexOf('/');
  return slash < 0 ? '' : file.slice(0, slash);
}

/** The files along a ref chain, from the manifest, shortened in the middle. */
function chain(site: Site): string {
  const hops: string[] = [];
  for (let t = site.owner; t; t = t.from.owner) hops.unshift(t.pointer.length ? `${t.file}#${pointerOf(t.pointer)}` : t.file);
  const shown = hops.length > 6 ? [...hops.slice(0, 3), '...', ...hops.slice(-2)] : hops;
  return `mcp.yaml -> ${shown.join(' -> ')} -> ...`;
}

/** "did you mean" for a JSON pointer: the closest key where the pointer first leads nowhere. */
function pointerHint(doc: unknown, fragment: string, ref: string): string {
  const fallback = ref.startsWith('#')
    ? 'inside a schema file, #... points into that same file, not into the manifest'
    : 'check the part after #: a JSON pointer such as #/definitions/City, or an $anchor';
  if (!fragment.startsWith('/')) return fallback;
  const tokens = fragment.slice(1).split('/');
  let node = doc;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i].replace(/~1/g, '/').replace(/~0/g, '~');
    if (isObject(node) && Object.hasOwn(node, token)) {
      node = node[token];
      continue;
    }
    const guess = isObject(node) ? closest(token, Object.keys(node)) : undefined;
    if (!guess) return fallback;
    const fixed = [...tokens.slice(0, i), guess.replace(/~/g, '~0').replace(/\//g, '~1')].join('/');
    return `did you mean '${ref.slice(0, ref.indexOf('#'))}#/${fixed}'?`;
  }
  return fallback;
}
