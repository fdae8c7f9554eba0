// src/generated/*.gen.ts: owned by the generator, rewritten on every run. The runtime files among them are those of
// the features the manifest enables (generator/model/runtime-features.ts), copied from templates/runtime/ into
// src/generated/runtime/.
import type { EmittedFile } from './emitted-file.js';
import { fillLines, jsLiteral, LINE_WIDTH, runtimeFilePath, stringLiteral } from '../model/index.js';
import { readStatic, renderTemplate } from './render-template.js';
import type { ServerModel } from '../model/index.js';
import { HTTP_DEFAULTS } from '../core/index.js';
import { emitDefinitions } from './definitions.js';

const TEMPLATED = ['examples', 'schemas', 'types', 'server', 'entry'];

export function emitGenerated(model: ServerModel): Map<string, EmittedFile> {
  const files = new Map<string, EmittedFile>();
  const data = {
    ...model,
    resourceNamesUnion: model.resources.length ? model.resources.map((r) => r.nameLiteral).join(' | ') : 'never',
    serverNameLiteral: stringLiteral(model.serverName),
    serverVersionLiteral: stringLiteral(model.serverVersion),
    defaultTransportLiteral: stringLiteral(model.defaultTransport),
    httpEnabled: model.http !== null,
    httpDefaultsJson: jsLiteral(
      model.http ?? {
        host: HTTP_DEFAULTS.host,
        port: HTTP_DEFAULTS.port,
        path: HTTP_DEFAULTS.path,
        allowedHosts: null,
        allowedOrigins: null,
        mode: HTTP_DEFAULTS.mode,
        sse: null,
        websocket: null,
      },
    ),
    httpTransports: httpTransports(model),
    usageSynopsis: usageSynopsis(model),
    scaleRedis: model.scale.store === 'redis',
    scaleDefaultsJson: jsLiteral({
      name: model.serverName,
      sessionTtlMs: model.scale.sessionTtlMs,
      eventRetention: model.scale.eventRetention,
      maxSessionsPerPrincipal: model.scale.maxSessionsPerPrincipal,
    }),
    imports: serverImports(model),
    anyInputDefaults: model.tools.some((t) => t.inputDefaults !== null),
    /** The toolset names for --toolsets; empty (no flag) without toolsets. */
    toolsetChoice: model.toolsets?.usageList ?? '',
    /** The --toolsets line of the usage text, its names wrapped; empty (no flag) without toolsets. */
    toolsetsUsage: model.toolsets?.names.length
      ? continued(
          [
            '  --toolsets   toolsets to serve, comma-separated, or all (MCP_TOOLSETS):',
            ...model.toolsets.names.map((n, i, all) => (i < all.length - 1 ? `${n},` : n)),
          ],
          15,
          0,
        )
      : '',
  };
  for (const name of TEMPLATED) {
    files.set(`src/generated/${name}.gen.ts`, {
      owner: 'generator',
      content: renderTemplate(`project/src/generated/${name}.gen.ts.hbs`, data),
    });
  }
  files.set('src/generated/definitions.gen.ts', emitDefinitions(model));
  for (const { name, feature } of model.features.files) {
    const header = `${model.header}// mcp-gen ${model.generatorVersion} runtime, feature ${feature}: the same in every project that enables it.\n`;
    files.set(runtimeFilePath(name), { owner: 'generator', preformatted: true, content: `${header}\n${readStatic(`runtime/${name}.ts`)}` });
  }
  return files;
}

/** The usage text's first lines: the command and its options, wrapped; the first follows "const usage = `". */
function usageSynopsis(model: ServerModel): string {
  const options = [
    '[--transport stdio|http|stdio,http]',
    '[--host HOST]',
    '[--port PORT]',
    '[--path PATH]',
    '[--mock [--mock-seed N]]',
    ...(model.toolsets?.names.length ? ['[--toolsets SET,...]'] : []),
    '[--log-format json|pretty]',
  ];
  return continued([`Usage: ${model.packageName.replace(/`|\$\{/g, '')}`, ...options], 7, 'const usage = `'.length);
}

/**
 * Lines of the usage text, a template literal whose lines are the file's lines (the formatter cannot break them):
 * `words` filled to the line width, the first line starting at column `at`, the others indented by `indent`.
 */
function continued(words: string[], indent: number, at: number): string {
  return fillLines(words, LINE_WIDTH - indent, LINE_WIDTH - at).join(`\n${' '.repeat(indent)}`);
}

/** What `--transport http` serves, for the usage text. */
function httpTransports(model: ServerModel): string {
  if (!model.http) return '';
  const extra = [model.http.sse && 'HTTP+SSE', model.http.websocket && 'WebSocket'].filter(Boolean);
  return extra.length ? ` (with ${extra.join(' and ')})` : '';
}

/** Only what server.gen.ts uses, so the generated file has no unused imports. */
function serverImports(model: ServerModel) {
  const rendersArgs = model.prompts.some(
    (p) => !p.hasHandler && p.argsSchemaConst !== null && p.messages.some((m) => m.contentExpr.includes('renderTemplate(')),
  );
  const readsByHandler = model.templates.length > 0 || model.resources.some((r) => r.hasHandler);
  const answers = model.tools.length > 0 || readsByHandler || model.prompts.some((p) => p.hasHandler);
  const staticCompletions = [...model.prompts, ...model.templates].some((e) => e.completions.some((c) => c.valuesLiteral !== null));
  return {
    sdk: [
      'McpServer',
      ...(model.templates.length ? ['ResourceTemplate'] : []),
      'type ProtocolEra',
      ...(readsByHandler ? ['type ReadResourceResult'] : []),
      'type ServerContext',
    ].join(', '),
    context: ['makeContext', ...(rendersArgs ? ['renderTemplate'] : []), ...(model.tools.length ? ['toCallToolResult'] : [])].join(', '),
    ask: [...(answers ? ['answering', 'bindRequestState'] : []), 'requestStateOptions'].join(', '),
    answers,
    mock: answers,
    completions: model.completions ? [...(staticCompletions ? ['fromList'] : []), 'installCompletions'].join(', ') : '',
    schemas: model.tools.length > 0 || model.prompts.some((p) => p.argsSchemaConst !== null),
    types: model.templates.length > 0,
    templates: model.templates.length > 0,
  };
}
