// src/generated/*.gen.ts: owned by the generator, rewritten on every run. The runtime files among them are those of
// the features the manifest enables (generator/model/runtime-features.ts), copied from templates/runtime/ into
// src/generated/runtime/.
import type { EmittedFile } from './emitted-file.js';
import { jsLiteral, runtimeFilePath } from '../model/index.js';
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
    settingsJson: jsLiteral(serveSettings(model)),
    extras: entryExtras(model),
    pluginNames: model.features.httpPlugins.map((p) => (p.option === p.export ? p.export : `${p.option}: ${p.export}`)).join(', '),
    imports: serverImports(model),
    anyInputDefaults: model.tools.some((t) => t.inputDefaults !== null),
    /** The toolset names for --toolsets; empty (no flag) without toolsets. */
    toolsetChoice: model.toolsets?.usageList ?? '',
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

/**
 * The entry's settings: what the manifest says of serving. Values the runtime holds as its defaults are left out (a
 * null, the default mode, the limits of HTTP_DEFAULTS, which the runtime's LIMITS repeat), so the entry shows what
 * this manifest chose.
 */
function serveSettings(model: ServerModel): Record<string, unknown> {
  const http: Record<string, unknown> = {
    ...(model.http ?? { host: HTTP_DEFAULTS.host, port: HTTP_DEFAULTS.port, path: HTTP_DEFAULTS.path }),
  };
  for (const [key, value] of Object.entries(http)) {
    const fallback = key === 'host' || key === 'port' || key === 'path' ? undefined : (HTTP_DEFAULTS as Record<string, unknown>)[key];
    if (value === null || value === fallback) delete http[key];
  }
  return {
    name: model.serverName,
    version: model.serverVersion,
    ...(model.packageName !== model.serverName ? { command: model.packageName } : {}),
    transports: { stdio: model.stdio, http: model.http !== null },
    http,
    ...(model.toolsets?.names.length ? { toolsets: model.toolsets.names } : {}),
    ...(model.telemetry ? { telemetry: true } : {}),
    ...(model.trustClientSampling ? { trustClientSampling: true } : {}),
    ...(model.scale.store === 'redis' ? { scale: scaleDefaults(model) } : {}),
  };
}

/** The pieces of the server that move into the shared store, as connectScale takes them: `[export, runtime file]`. */
export function storeShares(model: ServerModel): [string, string][] {
  const on = model.features.on;
  return [
    ...(on.scaleRedis && on.policy ? [['sharePolicies', 'policy'] as [string, string]] : []),
    ...(on.tasksRedis ? [['shareTasks', 'task-store-redis'] as [string, string]] : []),
  ];
}

/** The manifest's scale settings as store-setup.gen.ts's sharedStore takes them (the node and function entries). */
export function scaleDefaults(model: ServerModel): Record<string, unknown> {
  return {
    name: model.serverName,
    sessionTtlMs: model.scale.sessionTtlMs,
    eventRetention: model.scale.eventRetention,
    maxSessionsPerPrincipal: model.scale.maxSessionsPerPrincipal,
  };
}

/** The optional pieces the entry hands to the start-up (runtime/serve.gen.ts's Extras), each loaded when used. */
function entryExtras(model: ServerModel): string {
  const on = model.features.on;
  const shares = storeShares(model).map(([name, file]) => `(await import('./runtime/${file}.gen.js')).${name}`);
  return [
    ...(model.apps?.views.length ? ['views'] : []),
    ...(model.toolsets?.names.length ? ['toolsets'] : []),
    ...(on.telemetry ? ["telemetry: () => import('./runtime/telemetry.gen.js')"] : []),
    ...(on.scaleRedis
      ? [
          `scale: async () => (await import('./runtime/store-setup.gen.js')).sharedStore(settings.scale${shares.length ? `, [${shares.join(', ')}]` : ''})`,
        ]
      : []),
  ].join(', ');
}

/** Only what server.gen.ts uses, so the generated file has no unused imports. */
function serverImports(model: ServerModel) {
  const rendersArgs = model.prompts.some(
    (p) => !p.hasHandler && p.argsSchemaConst !== null && p.messages.some((m) => m.contentExpr.includes('renderTemplate(')),
  );
  const staticCompletions = [...model.prompts, ...model.templates].some((e) => e.completions.some((c) => c.valuesLiteral !== null));
  const adapters = [
    ...(model.tools.length ? ['tool'] : []),
    ...(model.resources.some((r) => r.hasHandler) ? ['resource'] : []),
    ...(model.templates.length ? ['template'] : []),
    ...(model.prompts.some((p) => p.hasHandler) ? ['prompt'] : []),
    ...([...model.prompts, ...model.templates].some((e) => e.completionHandler) ? ['completion'] : []),
  ];
  return {
    sdk: ['McpServer', ...(model.templates.length ? ['ResourceTemplate'] : []), 'type ProtocolEra'].join(', '),
    renderTemplate: rendersArgs,
    adapters: adapters.join(', '),
    completions: model.completions ? [...(staticCompletions ? ['fromList'] : []), 'installCompletions'].join(', ') : '',
    schemas: model.tools.length > 0 || model.prompts.some((p) => p.argsSchemaConst !== null),
    extApps: model.apps
      ? [
          ...(model.tools.some((t) => t.appTool) ? ['registerAppTool'] : []),
          ...(model.apps.views.length ? ['registerAppResource'] : []),
        ].join(', ')
      : '',
    apps: model.apps ? [...(model.apps.views.length ? ['Views'] : []), 'appsLayer'].join(', ') : '',
    templates: model.templates.length > 0,
  };
}
