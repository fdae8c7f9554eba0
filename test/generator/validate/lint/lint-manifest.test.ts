import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { loadManifest } from '../../../../generator/load/load-manifest.js';
import { lintManifest } from '../../../../generator/validate/lint/lint-manifest.js';
import { LINT_RULES } from '../../../../generator/validate/lint/rules.js';
import { conventionOf } from '../../../../generator/validate/lint/names.js';
import { validateManifest } from '../../../../generator/validate/validate-manifest.js';

const server = { name: 'demo', version: '1.0.0' };
const described = (more: Record<string, unknown> = {}) => ({
  description: 'Look up one record by its id and return it.',
  annotations: { readOnlyHint: true },
  ...more,
});

/** A prompt whose message inserts {{days}} (twice), required or not. */
const tripPrompt = (required: boolean) => ({
  arguments: [
    { name: 'city', description: 'Destination', required: true },
    { name: 'days', description: 'Length of the trip', required },
  ],
  messages: [{ role: 'user', text: 'Plan {{days}} days in {{city}}, {{days}} at most.' }],
});

function lint(body: Record<string, unknown>) {
  return lintManifest(loadManifest('mcp.yaml', stringify({ version: 1, server, ...body })));
}
const ids = (body: Record<string, unknown>) => lint(body).map((i) => i.code.replace('lint/', ''));

interface Case {
  rule: string;
  fires: Record<string, unknown>;
  quiet: Record<string, unknown>;
}

const cases: Case[] = [
  {
    rule: 'description-missing',
    fires: { tools: { get_record: { annotations: { readOnlyHint: true } } } },
    quiet: { tools: { get_record: described() } },
  },
  {
    rule: 'description-missing',
    fires: { resources: { hours: { uri: 'info://hours' } } },
    quiet: { resources: { hours: { uri: 'info://hours', description: 'Opening hours per weekday.' } } },
  },
  {
    rule: 'description-short',
    fires: { tools: { get_record: described({ description: 'Gets it.' }) } },
    quiet: { tools: { get_record: described() } },
  },
  {
    rule: 'prompt-optional-placeholder',
    fires: { prompts: { plan: { description: 'Plan a trip, day by day.', ...tripPrompt(false) } } },
    quiet: { prompts: { plan: { description: 'Plan a trip, day by day.', ...tripPrompt(true) } } },
  },
  {
    rule: 'parameter-description-missing',
    fires: { tools: { get_record: described({ inputSchema: { type: 'object', properties: { id: { type: 'string' } } } }) } },
    quiet: {
      tools: {
        get_record: described({ inputSchema: { type: 'object', properties: { id: { type: 'string', description: 'Record id' } } } }),
      },
    },
  },
  {
    rule: 'parameter-description-missing',
    fires: { prompts: { summarize: { description: 'Summarize a record for a new reader.', arguments: [{ name: 'id' }] } } },
    quiet: {
      prompts: {
        summarize: { description: 'Summarize a record for a new reader.', arguments: [{ name: 'id', description: 'Record id' }] },
      },
    },
  },
  {
    rule: 'write-without-annotations',
    fires: { tools: { delete_record: { description: 'Remove a record from the store for good.' } } },
    quiet: {
      tools: {
        delete_record: {
          description: 'Remove a record from the store for good.',
          annotations: { destructiveHint: true, idempotentHint: true },
        },
      },
    },
  },
  {
    rule: 'write-without-annotations',
    fires: { tools: { records: { description: 'Updates the record with new field values.' } } },
    quiet: { tools: { records: { description: 'Returns the records updated today, newest first.' } } },
  },
  {
    rule: 'destructive-without-idempotent',
    fires: { tools: { drop_table: described({ annotations: { destructiveHint: true } }) } },
    quiet: { tools: { drop_table: described({ annotations: { destructiveHint: true, idempotentHint: false } }) } },
  },
  {
    rule: 'name-convention',
    fires: { tools: { get_record: described(), list_records: described(), findRecord: described() } },
    quiet: { tools: { get_record: described(), list_records: described(), find: described() } },
  },
  {
    rule: 'tool-name-length',
    fires: { tools: { [`get_${'x'.repeat(61)}`]: described() } },
    quiet: { tools: { [`get_${'x'.repeat(60)}`]: described() } },
  },
  {
    rule: 'input-schema-ref',
    fires: {
      definitions: { Id: { type: 'string', description: 'Id' } },
      tools: { get_record: described({ inputSchema: { type: 'object', properties: { id: { $ref: '#/definitions/Id' } } } }) },
    },
    quiet: {
      tools: { get_record: described({ inputSchema: { type: 'object', properties: { id: { type: 'string', description: 'Id' } } } }) },
    },
  },
  {
    rule: 'openapi-keyword',
    fires: {
      tools: { get_record: described({ outputSchema: { type: 'object', properties: { at: { type: 'string', nullable: true } } } }) },
    },
    quiet: { tools: { get_record: described({ outputSchema: { type: 'object', properties: { at: { type: ['string', 'null'] } } } }) } },
  },
  {
    rule: 'schema-value-rejected',
    fires: { definitions: { Units: { type: 'string', enum: ['metric', 'imperial'], default: 'kelvin' } } },
    quiet: { definitions: { Units: { type: 'string', enum: ['metric', 'imperial'], default: 'metric' } } },
  },
  {
    rule: 'schema-keyword-misspelled',
    fires: { definitions: { Code: { type: 'string', maxlength: 8 } } },
    quiet: { definitions: { Code: { type: 'string', maxLength: 8, 'x-unit': 'chars' } } },
  },
  {
    rule: 'required-undeclared',
    fires: { definitions: { Place: { type: 'object', properties: { city: { type: 'string' } }, required: ['cty'] } } },
    quiet: { definitions: { Place: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } },
  },
  {
    rule: 'mime-type-malformed',
    fires: { resources: { readme: { uri: 'docs://readme', description: 'The project readme file.', mimeType: 'md' } } },
    quiet: { resources: { readme: { uri: 'docs://readme', description: 'The project readme file.', mimeType: 'text/markdown' } } },
  },
  {
    rule: 'output-schema-not-object',
    fires: { tools: { get_record: described({ outputSchema: { type: 'object', oneOf: [{ type: 'object' }, { type: 'string' }] } }) } },
    quiet: {
      tools: {
        get_record: described({ outputSchema: { type: 'object', oneOf: [{ type: 'object', required: ['a'] }, { required: ['b'] }] } }),
      },
    },
  },
  {
    rule: 'unknown-spec-key',
    fires: { tools: { get_record: described({ annotations: { readonlyHint: true } }) } },
    quiet: { tools: { get_record: described({ annotations: { readOnlyHint: true } }) } },
  },
  {
    rule: 'tools-list-token-budget',
    fires: { lint: { toolsListTokenBudget: 20 }, tools: { get_record: described() } },
    quiet: { lint: { toolsListTokenBudget: 200 }, tools: { get_record: described() } },
  },
  {
    rule: 'bundle-icon',
    fires: { server: { ...server, icons: [{ src: 'https://example.com/icon.png' }] } },
    quiet: { server: { ...server, icons: [{ src: 'https://example.com/icon.png' }] }, transports: { stdio: false, http: true } },
  },
  {
    rule: 'bundle-icon',
    fires: { server: { ...server, icons: [{ src: 'https://example.com/icon.png' }] }, bundle: { icons: [{ file: 'dark.png' }] } },
    quiet: { server: { ...server, icons: [{ src: 'https://example.com/icon.png' }] }, bundle: { icon: 'icon.png' } },
  },
  {
    rule: 'app-without-output-schema',
    fires: { tools: { get_record: described({ ui: { app: 'record_view' } }) }, apps: { record_view: {} } },
    // The view's own helpers (visibility: [app]) are not shown by it: their results go back to the view's code.
    quiet: {
      tools: {
        get_record: described({ ui: { app: 'record_view' }, outputSchema: { type: 'object' } }),
        refresh_record: described({ ui: { app: 'record_view', visibility: ['app'] } }),
      },
      apps: { record_view: {} },
    },
  },
];

describe('lint rules', () => {
  it.each(cases)('$rule fires on a bad manifest and stays quiet on the fixed one', ({ rule, fires, quiet }) => {
    expect(ids(fires)).toEqual([rule]);
    expect(ids(quiet)).toEqual([]);
  });

  it('every rule has a case, and the manifest schema knows every rule id', async () => {
    expect(new Set(cases.map((c) => c.rule))).toEqual(new Set(LINT_RULES.map((r) => r.id)));
    const schema = (await import('../../../../schemas/manifest.schema.json', { with: { type: 'json' } })).default as {
      properties: { lint: { properties: { rules: { properties: object } } } };
    };
    expect(Object.keys(schema.properties.lint.properties.rules.properties).sort()).toEqual(LINT_RULES.map((r) => r.id).sort());
  });

  it.each(cases)('$rule can be turned off and raised to an error', ({ rule, fires }) => {
    const lintSection = { ...((fires.lint as object) ?? {}) };
    expect(ids({ ...fires, lint: { ...lintSection, rules: { [rule]: 'off' } } })).toEqual([]);
    expect(lint({ ...fires, lint: { ...lintSection, rules: { [rule]: 'error' } } }).map((i) => i.severity)).toEqual(['error']);
  });

  it('positions findings and names the rule and its off switch', () => {
    const [issue] = lint({ tools: { get_record: { annotations: { readOnlyHint: true } } } });
    expect(issue).toMatchObject({ code: 'lint/description-missing', severity: 'warning', path: 'tools.get_record', line: 6, column: 3 });
    expect(issue.message).toMatch(/\[description-missing\]$/);
    expect(issue.hint).toMatch(/lint: \{rules: \{description-missing: off\}\}/);
  });
});

describe('lint inside validate', () => {
  const clean = stringify({ version: 1, server, tools: { get_record: { annotations: { readOnlyHint: true } } } });
  it('adds lint findings as warnings only when asked', () => {
    expect(validateManifest(loadManifest('mcp.yaml', clean))).toEqual([]);
    const issues = validateManifest(loadManifest('mcp.yaml', clean), { lint: true });
    expect(issues.map((i) => [i.code, i.severity])).toEqual([['lint/description-missing', 'warning']]);
  });

  it('reports lint errors as warnings: validate fails only on real errors', () => {
    const text = stringify({ version: 1, server, lint: { rules: { 'description-missing': 'error' } }, tools: { t: {} } });
    expect(validateManifest(loadManifest('mcp.yaml', text), { lint: true }).map((i) => i.severity)).toEqual(['warning']);
  });

  it('stays silent while the manifest has errors', () => {
    const text = stringify({ version: 1, server, tools: { t: { inputSchema: { type: 'string' } } } });
    expect(validateManifest(loadManifest('mcp.yaml', text), { lint: true }).map((i) => i.code)).toEqual(['schema/root-not-object']);
  });
});

describe('prompt-optional-placeholder', () => {
  it('names each optional argument once per field, where the message inserts it', () => {
    const prompt = tripPrompt(false);
    const notes = { role: 'user', content: { type: 'resource', resource: { uri: 'trips://{{city}}/{{days}}', text: 'Notes' } } };
    const issues = lint({
      prompts: { plan: { description: 'Plan a trip, day by day.', ...prompt, messages: [...prompt.messages, notes] } },
    });
    expect(issues.map((i) => [i.path, i.message])).toEqual([
      [
        'prompts.plan.messages[0].text',
        '{{days}} inserts the optional argument "days": a client that leaves it out gets this text with nothing in its place [prompt-optional-placeholder]',
      ],
      [
        'prompts.plan.messages[1].content.resource.uri',
        '{{days}} inserts the optional argument "days": a client that leaves it out gets this text with nothing in its place [prompt-optional-placeholder]',
      ],
    ]);
    expect(issues[0].hint).toBe(
      'mark days required: true, or word the message so that it reads well without it; turn off with lint: {rules: {prompt-optional-placeholder: off}}',
    );
  });

  it('ends a question hint before the off switch', () => {
    const [issue] = lint({ tools: { get_record: described({ inputSchema: { type: 'object', properties: {}, maxLenght: 3 } }) } });
    expect(issue.hint).toMatch(/^did you mean '\w+'\? Or turn off with lint: \{rules: \{schema-keyword-misspelled: off\}\}$/);
  });
});

describe('conventionOf', () => {
  const cases: [string, string | undefined][] = [
    ['get_record', 'snake_case'],
    ['get-record', 'kebab-case'],
    ['getRecord', 'camelCase'],
    ['GetRecord', 'PascalCase'],
    ['records.get', 'dot.case'],
    ['find', undefined],
    ['API-get_user', 'mixed'],
    ['v2', undefined],
  ];
  it.each(cases)('%s -> %s', (name, want) => expect(conventionOf(name)).toBe(want));
});
