// Lint rules: what makes a manifest hard for a model to use well, or for a client to accept, although it is valid.
// Each rule has a stable id; `lint.rules.<id>: off | warn | error` in the manifest sets its level.
import { entriesOf, ENTRY_KINDS, KIND_LABEL, modelVisible } from '../../core/index.js';
import type { Manifest } from '../../core/index.js';
import { words } from '../../core/index.js';
import { bundleSchema, collectRefs, isObject, resolveLocalRef, walkSchema } from '../../core/index.js';
import { PLACEHOLDER, renderedFields } from '../prompts.js';
import { checkNameConvention } from './names.js';
import { malformedMimeTypes } from './mime-types.js';
import { misspelledKeywords } from './schema-keywords.js';
import { undeclaredRequired } from './schema-required.js';
import { rejectedSchemaValues } from './schema-values.js';
import { unknownSpecKeys } from './spec-keys.js';
import type { LintFinding } from './lint-finding.js';
export type { LintFinding } from './lint-finding.js';
import { budgetFindings, DEFAULT_TOKEN_BUDGET, groupDigits } from './token-budget.js';

export interface LintRule {
  id: string;
  summary: string;
  check(m: Manifest): LintFinding[];
}

export { DEFAULT_TOKEN_BUDGET };
const MIN_DESCRIPTION = { chars: 20, words: 4 };
const MAX_TOOL_NAME = 64;

/** Verbs that say a tool changes something; by name (`delete_file`) or by a description's first word ("Deletes ..."). */
const WRITE_VERBS = new Set(
  (
    'create add insert update edit modify set put patch write save delete remove destroy drop purge ' +
    'clear reset send post publish upload move rename execute exec run kill stop restart deploy install uninstall cancel ' +
    'approve submit transfer pay archive merge push commit revoke grant assign close replace overwrite truncate'
  ).split(' '),
);

/** OpenAPI keywords that JSON Schema validators ignore silently, with what to write instead. */
const OPENAPI_ONLY: Record<string, string> = {
  nullable: 'write type: [<type>, "null"] instead',
  discriminator: 'tag the oneOf branches with const properties instead',
  example: 'use examples: [...] (a list) instead',
  xml: 'remove it: tool arguments are JSON',
  externalDocs: 'move the link into the description',
};

const tools = (m: Manifest) => entriesOf(m, 'tools');
const shared = (m: Manifest) => (isObject(m.definitions) ? m.definitions : {});

/** `check` run over every schema the manifest declares: each definition, and each tool's input and output schema. */
const everySchema = (m: Manifest, check: (schema: unknown, at: (string | number)[]) => LintFinding[]): LintFinding[] => [
  ...Object.entries(shared(m)).flatMap(([name, d]) => check(d, ['definitions', name])),
  ...tools(m).flatMap(([name, t]) => (['inputSchema', 'outputSchema'] as const).flatMap((f) => check(t[f], ['tools', name, f]))),
];

export const LINT_RULES: readonly LintRule[] = [
  {
    id: 'description-missing',
    summary: 'tools, resources, templates and prompts need a description: it is what the model reads',
    check: (m) =>
      ENTRY_KINDS.flatMap((kind) =>
        entriesOf(m, kind)
          .filter(([, e]) => typeof e.description !== 'string' || e.description.trim() === '')
          .map(([name]) => ({
            path: [kind, name],
            at: 'key' as const,
            message: `${KIND_LABEL[kind]} "${name}" has no description; the model decides when to use it from the description alone`,
            hint: 'add description: one or two sentences on what it does and when to use it',
          })),
      ),
  },
  {
    id: 'description-short',
    summary: `tool and prompt descriptions under ${MIN_DESCRIPTION.words} words or ${MIN_DESCRIPTION.chars} characters`,
    check: (m) =>
      (['tools', 'prompts'] as const).flatMap((kind) =>
        entriesOf(m, kind)
          .filter(([, e]) => typeof e.description === 'string' && e.description.trim() !== '' && tooShort(e.description))
          .map(([name, e]) => ({
            path: [kind, name, 'description'],
            message: `description "${e.description}" is too short to guide a model`,
            hint: 'say what it does, what it returns, and when to use it',
          })),
      ),
  },
  {
    id: 'prompt-optional-placeholder',
    summary: 'a prompt message rendered from the manifest that inserts an optional argument',
    check: (m) =>
      entriesOf(m, 'prompts').flatMap(([name, p]) => {
        const optional = new Set((Array.isArray(p.arguments) ? p.arguments : []).filter((a) => a?.required !== true).map((a) => a?.name));
        return (Array.isArray(p.messages) ? p.messages : []).flatMap((msg, i) =>
          renderedFields(msg).flatMap(([field, text]) =>
            [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]))]
              .filter((arg) => optional.has(arg))
              .map((arg) => ({
                path: ['prompts', name, 'messages', i, ...field],
                message: `{{${arg}}} inserts the optional argument ${JSON.stringify(arg)}: a client that leaves it out gets this text with nothing in its place`,
                hint: `mark ${arg} required: true, or word the message so that it reads well without it`,
              })),
          ),
        );
      }),
  },
  {
    id: 'parameter-description-missing',
    summary: 'tool input properties and prompt arguments without a description',
    check: (m) => [
      ...tools(m).flatMap(([name, t]) => {
        const schema = bundleSchema(t.inputSchema ?? {}, shared(m));
        if (!isObject(schema) || !isObject(schema.properties)) return [];
        return Object.entries(schema.properties)
          .filter(([, p]) => !describes(p, schema))
          .map(([prop]) => ({
            path: ['tools', name, 'inputSchema', 'properties', prop],
            at: 'key' as const,
            message: `input property "${prop}" has no description`,
            hint: 'add description: the model fills this argument from it',
          }));
      }),
      ...entriesOf(m, 'prompts').flatMap(([name, p]) =>
        (Array.isArray(p.arguments) ? p.arguments : [])
          .map((a, i) => ({ a, i }))
          .filter(({ a }) => isObject(a) && typeof a.description !== 'string')
          .map(({ a, i }) => ({
            path: ['prompts', name, 'arguments', i],
            message: `prompt argument "${a.name}" has no description`,
            hint: 'add description: clients show it when asking for the value',
          })),
      ),
    ],
  },
  {
    id: 'write-without-annotations',
    summary: 'a tool that writes (by its name or description) but declares no annotations',
    check: (m) =>
      tools(m).flatMap(([name, t]) => {
        const a = isObject(t.annotations) ? t.annotations : {};
        if (a.readOnlyHint !== undefined || a.destructiveHint !== undefined) return [];
        const verb = words(name).find((w) => WRITE_VERBS.has(w)) ?? firstVerb(t.description);
        if (!verb) return [];
        return [
          {
            path: ['tools', name],
            at: 'key' as const,
            message: `tool "${name}" looks like it writes ("${verb}") but declares no readOnlyHint or destructiveHint; clients then assume it is destructive`,
            hint: 'add annotations: {readOnlyHint: false, destructiveHint: true or false, idempotentHint: true or false}',
          },
        ];
      }),
  },
  {
    id: 'destructive-without-idempotent',
    summary: 'destructiveHint set without idempotentHint: clients cannot tell whether a retry is safe',
    check: (m) =>
      tools(m)
        .filter(([, t]) => isObject(t.annotations) && t.annotations.destructiveHint === true && t.annotations.idempotentHint === undefined)
        .map(([name]) => ({
          path: ['tools', name, 'annotations', 'destructiveHint'],
          message: `tool "${name}" is destructive but does not say whether repeating a call is safe`,
          hint: 'add idempotentHint: true (calling twice has no further effect) or false',
        })),
  },
  {
    id: 'name-convention',
    summary: 'entry names that do not follow the convention most names in the manifest use',
    check: checkNameConvention,
  },
  {
    id: 'tool-name-length',
    summary: `tool names longer than ${MAX_TOOL_NAME} characters, which several clients reject`,
    check: (m) =>
      tools(m)
        .filter(([name]) => name.length > MAX_TOOL_NAME)
        .map(([name]) => ({
          path: ['tools', name],
          at: 'key' as const,
          message: `tool name is ${name.length} characters; several clients reject names over ${MAX_TOOL_NAME}`,
          hint: 'shorten it (keep the old name reachable with renamedFrom)',
        })),
  },
  {
    id: 'input-schema-ref',
    summary: '$ref left in a published inputSchema: some clients do not resolve references',
    check: (m) =>
      tools(m).flatMap(([name, t]) => {
        const refs = collectRefs(t.inputSchema ?? {});
        if (refs.length === 0) return [];
        return [
          {
            path: ['tools', name, 'inputSchema', ...refs[0].path],
            message: `inputSchema uses $ref "${refs[0].ref}"${refs.length > 1 ? ` and ${refs.length - 1} more` : ''}; some clients do not resolve references and see an untyped argument`,
            hint: 'inline the referenced schema where clients need it',
          },
        ];
      }),
  },
  {
    id: 'openapi-keyword',
    summary: 'OpenAPI-only keywords (nullable, discriminator, example, ...) that JSON Schema ignores',
    check: (m) =>
      everySchema(m, (schema, at) => {
        const found: LintFinding[] = [];
        walkSchema(schema, (s, path) => {
          for (const k of Object.keys(OPENAPI_ONLY))
            if (k in s)
              found.push({
                path: [...at, ...path, k],
                at: 'key',
                message: `"${k}" is an OpenAPI keyword, not JSON Schema: clients and validators ignore it`,
                hint: OPENAPI_ONLY[k],
              });
        });
        return found;
      }),
  },
  {
    id: 'schema-keyword-misspelled',
    summary: 'a key in a schema one slip from a JSON Schema keyword (maxlength, enums), or optional: ignored by validators',
    check: (m) => everySchema(m, misspelledKeywords),
  },
  {
    id: 'schema-value-rejected',
    summary: 'a default, const, enum value or example that its own schema rejects',
    check: (m) => everySchema(m, rejectedSchemaValues),
  },
  {
    id: 'required-undeclared',
    summary: 'a name in required that the properties beside it do not declare: most often a typo',
    check: (m) => everySchema(m, undeclaredRequired),
  },
  {
    id: 'output-schema-not-object',
    summary: 'an outputSchema whose root can be something other than an object',
    check: (m) =>
      tools(m)
        .filter(([, t]) => t.outputSchema !== undefined && !objectRoot(t.outputSchema, bundleSchema(t.outputSchema, shared(m))))
        .map(([name]) => ({
          path: ['tools', name, 'outputSchema'],
          message: 'outputSchema allows a root that is not an object; structuredContent is always a JSON object',
          hint: 'make the root type: object and put values in its properties',
        })),
  },
  {
    id: 'unknown-spec-key',
    summary:
      'a key the MCP spec does not define in an object it leaves open (annotations, execution, icons): published as written, often a typo',
    check: unknownSpecKeys,
  },
  {
    id: 'mime-type-malformed',
    summary: 'a mimeType that is not a media type (type/subtype), such as json or .png',
    check: malformedMimeTypes,
  },
  {
    id: 'tools-list-token-budget',
    summary: `a tools/list above lint.toolsListTokenBudget (default ${groupDigits(DEFAULT_TOKEN_BUDGET)} tokens): the whole list, or with toolsets the default choice and each set`,
    check: budgetFindings,
  },
  {
    id: 'bundle-icon',
    summary:
      'server icons on a stdio server without bundle.icon: its MCP Bundle shows none, as MCPB takes a PNG file packed inside it, not URIs',
    check: (m) =>
      m.transports?.stdio !== false && Array.isArray(m.server?.icons) && m.server.icons.length > 0 && !m.bundle?.icon
        ? [
            {
              path: ['server', 'icons'],
              at: 'key' as const,
              message:
                'the MCP Bundle (manifest.json, npm run bundle) carries no icon: MCPB takes a PNG file inside the bundle, not these URIs',
              hint: 'set bundle.icon to a PNG file beside mcp.yaml (512x512 recommended); serverInfo still publishes these icons',
            },
          ]
        : [],
  },
  {
    id: 'app-without-output-schema',
    summary: 'a tool that opens an MCP Apps view without an outputSchema: the view then gets only the text of the result',
    check: (m) =>
      tools(m)
        .filter(([, t]) => typeof t.ui?.app === 'string' && modelVisible(t) && t.outputSchema === undefined)
        .map(([name, t]) => ({
          path: ['tools', name, 'ui', 'app'],
          message: `tool "${name}" opens view ${t.ui?.app} but declares no outputSchema: the view gets the result's text to parse, untyped`,
          hint: 'declare outputSchema and return structuredContent: the view gets it typed, and the model still reads the text',
        })),
  },
];

function tooShort(text: string): boolean {
  const t = text.trim();
  return t.length < MIN_DESCRIPTION.chars || t.split(/\s+/).length < MIN_DESCRIPTION.words;
}

function firstVerb(description: unknown): string | undefined {
  if (typeof description !== 'string') return undefined;
  const first =
    description
      .trim()
      .split(/\s+/)[0]
      ?.toLowerCase()
      .replace(/[^a-z]/g, '') ?? '';
  const stems = [first, first.replace(/es$/, ''), first.replace(/s$/, '')];
  return stems.find((w) => WRITE_VERBS.has(w));
}

/** A property is described by its own description, or by that of the definition it refers to. */
function describes(p: unknown, root: unknown): boolean {
  if (!isObject(p)) return false;
  if (typeof p.description === 'string' && p.description.trim() !== '') return true;
  return typeof p.$ref === 'string' && describes(resolveLocalRef(root, p.$ref), root);
}

function objectRoot(schema: unknown, root: unknown, depth = 0): boolean {
  if (!isObject(schema) || depth > 8) return false;
  if (typeof schema.$ref === 'string' && schema.type === undefined) return objectRoot(resolveLocalRef(root, schema.$ref), root, depth + 1);
  if (schema.type !== 'object') return false;
  const branches = [schema.anyOf, schema.oneOf, schema.allOf].filter(Array.isArray).flat();
  return branches.every((b) => !isObject(b) || b.type === undefined || b.type === 'object');
}
