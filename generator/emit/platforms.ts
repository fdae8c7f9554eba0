// The platforms' entries and configuration, one set per target the manifest lists besides node: the entry
// (src/generated/<target>.gen.ts, over runtime/platform.gen.ts) and the platform's own files. Every value in those
// files comes from the manifest, so they are generated and rewritten like the deploy files (a hand edit is reported,
// never overwritten): workers' wrangler.jsonc, vercel's vercel.json and api/mcp.js, lambda's template.yaml.
import type { EmittedFile } from './emitted-file.js';
import { jsLiteral, type ServerModel, type TargetModel } from '../model/index.js';
import { renderTemplate } from './render-template.js';
import { scaleDefaults, storeShares } from './generated.js';
import { HTTP_DEFAULTS } from '../core/index.js';

export function emitPlatforms(model: ServerModel): Map<string, EmittedFile> {
  const files = new Map<string, EmittedFile>();
  if (!model.http) return files;
  const generated = (template: string, data: object): EmittedFile => ({ owner: 'generator', content: renderTemplate(template, data) });
  const entryData = (target: TargetModel) => ({
    ...model,
    platformSettingsJson: jsLiteral({ http: platformHttp(model) }),
    targetJson: jsLiteral({
      mode: target.mode,
      ...(target.responseMode === 'json' ? { responseMode: 'json' } : {}),
      ...(target.hosts.length ? { platformHosts: target.hosts } : {}),
    }),
    entryArgs: entryArgs(model, target),
    storeImports: storeImports(model, target),
    hasViews: model.views.length > 0,
    embedded: model.apps?.embedded ?? [],
    embeddedTable: model.apps?.embeddedTable ?? '',
  });
  const common = { source: model.source, secrets: model.platformSecrets };
  for (const target of model.targets) {
    if (target.name === 'node') continue;
    files.set(`src/generated/${target.name}.gen.ts`, generated(`project/src/generated/${target.name}.gen.ts.hbs`, entryData(target)));
    if (target.name === 'workers' && model.views.length > 0)
      files.set('src/generated/text-modules.d.ts', generated('project/src/generated/text-modules.d.ts.hbs', model));
    if (target.name === 'workers')
      files.set(
        'wrangler.jsonc',
        generated('project/platforms/wrangler.jsonc.hbs', {
          ...common,
          nameJson: JSON.stringify(target.workerName),
          compatibilityDateJson: JSON.stringify(target.compatibilityDate),
          // Settings only: secrets are set apart (wrangler secret put), never written here.
          varsJson: JSON.stringify({ LOG_LEVEL: 'info' }),
          routesJson: target.customDomains.length
            ? JSON.stringify(target.customDomains.map((pattern) => ({ pattern, custom_domain: true })))
            : '',
        }),
      );
    if (target.name === 'vercel') {
      const path = model.http.path;
      files.set(
        'vercel.json',
        generated('project/platforms/vercel.json.hbs', {
          functionJson: JSON.stringify({
            ...(target.maxDuration !== null ? { maxDuration: target.maxDuration } : {}),
            // The views' HTML, read at the function's start: files no import names are left out of it otherwise.
            ...(model.apps?.views.length ? { includeFiles: 'dist/ui/**' } : {}),
          }),
          // The function answers the MCP path, its server card and the card's well-known places under their own names.
          rewritesJson: JSON.stringify(
            [path, `${path}/server-card`, '/.well-known/mcp/:file*'].map((source) => ({ source, destination: '/api/mcp' })),
          ),
        }),
      );
      files.set('api/mcp.js', generated('project/platforms/api-mcp.js.hbs', common));
    }
    if (target.name === 'lambda')
      files.set(
        'template.yaml',
        generated('project/platforms/template.yaml.hbs', {
          ...common,
          descriptionJson: JSON.stringify(model.description || model.serverName),
          timeout: String(target.timeout),
          path: model.http.path,
        }),
      );
  }
  return files;
}

/**
 * The entries that connect the shared store (scale.store redis): the functions', which run on Node and open its TCP
 * connection. The matrix refuses the store on the others (workers cannot reach it; deno and bun hold the state in
 * their one process), so their entries never see it.
 */
const STORE_ENTRIES: ReadonlySet<string> = new Set(['vercel', 'lambda']);

function storeImports(model: ServerModel, target: TargetModel): string {
  if (!model.features.on.scaleRedis || !STORE_ENTRIES.has(target.name)) return '';
  return [['sharedStore', 'store-setup'], ...storeShares(model)]
    .map(([name, file]) => `import { ${name} } from './runtime/${file}.gen.js';\n`)
    .join('');
}

/**
 * platformServer's arguments after the server factory: the HTTP plugins, then what runs before onStart (the MCP Apps
 * views read: from the project's files, or on workers from the HTML the bundle carries), then the shared store.
 */
function entryArgs(model: ServerModel, target: TargetModel): string {
  const names = model.features.httpPlugins.map((p) => (p.option === p.export ? p.export : `${p.option}: ${p.export}`)).join(', ');
  const prepare = target.name === 'workers' ? '() => views.load((view) => embedded[view.name])' : '() => views.load()';
  const parts = [
    ...(names ? [`plugins: { ${names} }`] : []),
    ...(model.views.length > 0 ? [`prepare: ${prepare}`] : []),
    ...(storeImports(model, target) ? [`store: ${storeArg(model)}`] : []),
  ];
  return parts.length ? `, { ${parts.join(', ')} }` : '';
}

/** sharedStore's call: the manifest's scale settings (each overridable from the instance's variables) and shares. */
function storeArg(model: ServerModel): string {
  const shares = storeShares(model).map(([name]) => name);
  return `sharedStore(${jsLiteral(scaleDefaults(model))}${shares.length ? `, [${shares.join(', ')}]` : ''})`;
}

/** package.json scripts of the targets listed, as `"name": "command"` lines. */
export function platformScripts(model: ServerModel): string[] {
  if (!model.http) return [];
  const { host, port } = model.http;
  const wrangler = `npx -y -p node@22 -p wrangler@${model.sdk.wrangler} wrangler`;
  const scripts: Record<string, string> = {};
  for (const { name } of model.targets) {
    if (name === 'workers') {
      scripts['dev:workers'] = `${wrangler} dev --ip 127.0.0.1`;
      scripts['deploy:workers'] = `${wrangler} deploy`;
    }
    // deno serve reads the compiled entry: its resolver does not map the sources' ./x.js imports to x.ts. pino reads
    // the host's name as it loads (--allow-sys=hostname).
    if (name === 'deno')
      scripts['start:deno'] =
        `npm run build && deno serve --host ${host} --port ${port} --allow-env --allow-net --allow-read --allow-sys=hostname dist/generated/deno.gen.js`;
    if (name === 'bun') scripts['start:bun'] = 'bun run src/generated/bun.gen.ts';
    if (name === 'vercel') scripts['deploy:vercel'] = 'vercel deploy';
    if (name === 'lambda') scripts['deploy:lambda'] = 'npm run build && sam deploy --guided';
  }
  return Object.entries(scripts).map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`);
}

/** The HTTP settings a platform's entry serves with: the manifest's, minus what only a Node listener uses. */
function platformHttp(model: ServerModel): Record<string, unknown> {
  const http: Record<string, unknown> = { ...(model.http ?? HTTP_DEFAULTS) };
  for (const key of ['sse', 'websocket', 'trustProxy', 'headersTimeoutMs', 'requestTimeoutMs', 'keepAliveTimeoutMs', 'mode'])
    delete http[key];
  for (const [key, value] of Object.entries(http)) {
    const fallback = key === 'host' || key === 'port' || key === 'path' ? undefined : (HTTP_DEFAULTS as Record<string, unknown>)[key];
    if (value === null || value === fallback) delete http[key];
  }
  return http;
}
