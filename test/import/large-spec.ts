// A synthetic OpenAPI 3.0 document of `resources * 5` operations (list, create, get, replace, delete per resource),
// shaped like real APIs: shared components through $ref, readOnly ids, nullable fields, enums, a discriminated
// oneOf, path/query/header parameters and two security schemes. Used to measure import + generate at scale.
export function largeSpec(resources = 100): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {
    Status: { type: 'string', enum: ['active', 'archived', 'deleted'] },
    Audit: {
      type: 'object',
      properties: {
        createdAt: { type: 'string', format: 'date-time', readOnly: true },
        updatedAt: { type: 'string', format: 'date-time', readOnly: true, nullable: true },
      },
    },
    Link: {
      oneOf: [{ $ref: '#/components/schemas/UrlLink' }, { $ref: '#/components/schemas/FileLink' }],
      discriminator: { propertyName: 'kind', mapping: { url: 'UrlLink', file: 'FileLink' } },
    },
    UrlLink: { type: 'object', required: ['kind', 'href'], properties: { kind: { type: 'string' }, href: { type: 'string', format: 'uri' } } },
    FileLink: { type: 'object', required: ['kind', 'path'], properties: { kind: { type: 'string' }, path: { type: 'string' } } },
    Error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'integer', format: 'int32' }, message: { type: 'string' } } },
  };
  for (let i = 0; i < resources; i++) {
    const name = `Item${i}`;
    const ref = { $ref: `#/components/schemas/${name}` };
    schemas[name] = {
      allOf: [
        { $ref: '#/components/schemas/Audit' },
        {
          type: 'object',
          required: ['id', 'name'],
          properties: {
            id: { type: 'integer', format: 'int64', readOnly: true },
            name: { type: 'string', minLength: 1, maxLength: 200 },
            status: { $ref: '#/components/schemas/Status' },
            score: { type: 'number', format: 'double', minimum: 0, exclusiveMinimum: true },
            note: { type: 'string', nullable: true },
            secret: { type: 'string', writeOnly: true },
            links: { type: 'array', items: { $ref: '#/components/schemas/Link' } },
          },
        },
      ],
    };
    const json = (schema: unknown) => ({ 'application/json': { schema } });
    const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'integer', format: 'int64' } };
    const error = { description: 'Error', content: json({ $ref: '#/components/schemas/Error' }) };
    paths[`/items${i}`] = {
      get: {
        operationId: `listItem${i}`,
        summary: `List item ${i} records`,
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 100, default: 20 } },
          { name: 'status', in: 'query', schema: { $ref: '#/components/schemas/Status' } },
          { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
        ],
        responses: { '200': { description: 'OK', content: json({ type: 'array', items: ref }) }, default: error },
      },
      post: {
        operationId: `createItem${i}`,
        summary: `Create an item ${i} record`,
        requestBody: { required: true, content: json(ref) },
        responses: { '201': { description: 'Created', content: json(ref) }, default: error },
      },
    };
    paths[`/items${i}/{id}`] = {
      parameters: [idParam],
      get: { operationId: `getItem${i}`, summary: `Get an item ${i} record`, responses: { '200': { description: 'OK', content: json(ref) }, '404': error } },
      put: {
        operationId: `replaceItem${i}`,
        summary: `Replace an item ${i} record`,
        requestBody: { required: true, content: json(ref) },
        responses: { '200': { description: 'OK', content: json(ref) } },
      },
      delete: { operationId: `deleteItem${i}`, summary: `Delete an item ${i} record`, responses: { '204': { description: 'Deleted' } } },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Large API', version: '1.0.0' },
    servers: [{ url: 'https://large.example/api' }],
    security: [{ apiKey: [] }, { bearer: [] }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
    },
  };
}
