// Synthetic but realistic manifests for benchmarks: nested objects, arrays of objects, enums, shared definitions
// referenced with $ref, anyOf nullables, formats and defaults, plus resources, templates and prompts.

const STATUSES = ['active', 'paused', 'archived', 'deleted'];

function definitions(count) {
  const defs = {};
  for (let d = 0; d < count; d++) {
    defs[`Entity${d}`] = {
      type: 'object',
      description: `Entity ${d}`,
      properties: {
        id: { type: 'string', format: 'uuid' },
        status: { type: 'string', enum: STATUSES },
        createdAt: { type: 'string', format: 'date-time' },
        tags: { type: 'array', items: { type: 'string' }, default: [] },
      },
      required: ['id', 'status'],
    };
  }
  return defs;
}

function tool(i, defCount, variant = 0) {
  const def = `#/definitions/Entity${i % defCount}`;
  return {
    title: `Operation ${i}`,
    description: `Performs operation ${i} on a set of entities and returns a page of results${variant ? ` (v${variant})` : ''}.`,
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1, description: 'Free text query' },
        limit: { type: 'integer', minimum: 1, maximum: 100, default: 20, description: 'Page size' },
        cursor: { anyOf: [{ type: 'string' }, { type: 'null' }], description: 'Cursor from the previous page' },
        filter: {
          type: 'object',
          description: 'Only entities matching all of these',
          properties: {
            status: { type: 'string', enum: STATUSES, description: 'Lifecycle status' },
            since: { type: 'string', format: 'date', description: 'Created on or after' },
            owner: { type: ['string', 'null'], description: 'Owner id, or null for unowned' },
          },
          additionalProperties: false,
        },
        sort: {
          type: 'array',
          description: 'Sort keys, first wins',
          items: {
            type: 'object',
            properties: {
              field: { type: 'string', description: 'Field name' },
              desc: { type: 'boolean', default: false, description: 'Descending' },
            },
            required: ['field'],
          },
        },
        ...(variant ? { [`extra${variant}`]: { type: 'boolean', description: 'Variant flag' } } : {}),
      },
      required: ['query'],
    },
    outputSchema: {
      type: 'object',
      properties: {
        items: { type: 'array', items: { $ref: def } },
        next: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        total: { type: 'integer' },
      },
      required: ['items', 'total'],
    },
    annotations: { readOnlyHint: i % 3 !== 0, openWorldHint: false },
  };
}

/** A manifest object with `tools` tools; `changedTool` gets a schema variant (for "one tool changed" runs). */
export function makeManifest(tools, { changedTool = -1, variant = 1 } = {}) {
  const defCount = Math.max(1, Math.round(tools / 5));
  const m = {
    version: 1,
    server: { name: `bench-${tools}`, version: '1.0.0', description: `Benchmark server with ${tools} tools` },
    definitions: definitions(defCount),
    tools: {},
    resources: {},
    resourceTemplates: {},
    prompts: {},
  };
  for (let i = 0; i < tools; i++) m.tools[`op_${String(i).padStart(4, '0')}`] = tool(i, defCount, i === changedTool ? variant : 0);
  const extras = Math.max(1, Math.round(tools / 10));
  for (let i = 0; i < extras; i++) {
    m.resources[`doc_${i}`] = {
      uri: `bench://docs/${i}`,
      mimeType: 'text/markdown',
      description: `Reference document ${i} for the operations, as Markdown.`,
      text: `# Document ${i}\n`,
    };
    m.resourceTemplates[`record_${i}`] = {
      uriTemplate: `bench://records${i}/{id}`,
      mimeType: 'application/json',
      description: `One record of collection ${i}, as JSON.`,
    };
    m.prompts[`prompt_${i}`] = {
      description: `Drafts a short article about a topic, in a chosen tone (template ${i}).`,
      arguments: [
        { name: 'topic', description: 'What to write about', required: true },
        { name: 'tone', description: 'e.g. formal, playful' },
      ],
      messages: [{ role: 'user', text: `Write about {{topic}} in a {{tone}} tone (${i}).` }],
    };
  }
  return m;
}
