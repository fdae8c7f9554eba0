// The first content of the user-owned files of an imported OpenAPI server: one handler per operation that calls
// the API through src/openapi-client.ts, so the server works before anyone writes code. Like every handler they
// belong to the user: import creates the ones that do not exist yet and never touches the others.
import { HANDLER_DIRS } from '../../core/index.js';
import { commentText, jsLiteral, stringLiteral } from '../../model/index.js';
import { camelCase, fileBase } from '../../core/index.js';
import { renderTemplate } from '../../emit/index.js';
import type { Json } from './load.js';
import { isObject } from '../../core/index.js';
import type { ApiConfig } from './security.js';
import type { ImportedTool } from './tool.js';

export const CLIENT_FILE = 'src/openapi-client.ts';

export function handlerFile(name: string): string {
  return `src/handlers/${HANDLER_DIRS.tools}/${fileBase(name)}.ts`;
}

/** Handler files for the imported tools the written manifest declares, plus the shared client. */
export function openApiUserFiles(tools: ImportedTool[], api: ApiConfig, written: Json): Map<string, string> {
  const declared = isObject(written.tools) ? written.tools : {};
  const files = new Map<string, string>();
  for (const t of tools) {
    const entry = declared[t.name];
    if (!isObject(entry)) continue;
    files.set(handlerFile(t.name), renderHandler(t, entry.outputSchema !== undefined));
  }
  if (files.size) files.set(CLIENT_FILE, renderClient(api));
  return files;
}

function renderHandler(t: ImportedTool, structured: boolean): string {
  const nameLiteral = stringLiteral(t.name);
  const operation = { ...t.operation, structured };
  return renderTemplate('import/openapi-tool.ts.hbs', {
    typesImport: structured ? 'ToolHandler, ToolTypes' : 'ToolHandler',
    callFunction: structured ? 'callToolStructured' : 'callTool',
    typeArguments: structured ? `<ToolTypes[${nameLiteral}]['output']>` : '',
    summary: commentText(JSON.stringify(t.name)),
    httpCall: commentText(`${t.operation.method} ${t.operation.path}`),
    operationLiteral: operationLiteral(operation),
    ident: camelCase(t.name),
    nameLiteral,
  });
}

/** The operation as a compact literal, one parameter per line. Its keys are fixed names; values are JSON, so safe. */
function operationLiteral(op: ImportedTool['operation']): string {
  const line = (o: object) =>
    `{ ${Object.entries(o)
      .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
      .join(', ')} }`;
  const fields = [
    `method: ${JSON.stringify(op.method)}`,
    `path: ${JSON.stringify(op.path)}`,
    op.parameters.length ? `parameters: [\n${op.parameters.map((p) => `    ${line(p)},`).join('\n')}\n  ]` : 'parameters: []',
    ...(op.body ? [`body: ${line(op.body)}`] : []),
    `security: [${op.security.map((a) => `[${a.map((n) => JSON.stringify(n)).join(', ')}]`).join(', ')}]`,
    ...(op.wrap !== undefined ? [`wrap: ${JSON.stringify(op.wrap)}`] : []),
    `structured: ${op.structured}`,
  ];
  return `{\n${fields.map((f) => `  ${f},`).join('\n')}\n}`;
}

function renderClient(api: ApiConfig): string {
  return renderTemplate('import/openapi-client.ts.hbs', {
    apiTitle: commentText(api.title, 80),
    schemesLiteral: jsLiteral(api.schemes),
    baseUrlEnvLiteral: stringLiteral(api.baseUrlEnv),
    defaultBaseUrlLiteral: api.defaultBaseUrl === null ? 'null' : stringLiteral(api.defaultBaseUrl),
    timeoutEnvLiteral: stringLiteral(api.timeoutEnv),
    defaultTimeoutMs: String(api.defaultTimeoutMs),
  });
}
