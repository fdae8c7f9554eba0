// manifest.json of the MCP Bundle (MCPB, formerly DXT): what a desktop client reads to install and start a stdio
// server from a .mcpb archive (`npm run bundle`). Made from the manifest on every run, like the generated code.
// Spec: MANIFEST.md of github.com/anthropics/mcpb; the tests check the result with its own validator.
import { relative, resolve } from 'node:path';
import type { Manifest } from '../core/index.js';
import { entriesOf, isObject, pngSize, reviewableJson } from '../core/index.js';
import { embeddedFile } from './content-model.js';
import { serverEnv } from './server-env.js';

/** The MCPB manifest version written: the spec's current one (0.4 only adds the experimental `uv` server type). */
export const MCPB_MANIFEST_VERSION = '0.3';
/** Node versions generated projects support: package.json `engines`, and the bundle's runtime requirement. */
export const NODE_ENGINES = '>=22';
/** The compiled entry the bundle starts (tsc output of src/main.ts). */
export const BUNDLE_ENTRY = 'dist/main.js';

type UserConfigOption = {
  type: 'string' | 'number' | 'boolean' | 'directory' | 'file';
  title: string;
  description: string;
  sensitive?: boolean;
  required?: boolean;
  default?: string | number | boolean;
};

export interface BundleInput {
  serverTitle: string;
  description: string;
  toolsets: { usageList: string } | null;
}

/** Where the manifest and the project are: icon paths in manifest.json are relative to the project (the bundle's root). */
export interface BundlePaths {
  manifestPath: string;
  outDir: string;
}

/** manifest.json of the bundle, as JSON text; null when the server does not serve stdio (a bundle starts it that way). */
export function bundleManifest(m: Manifest, model: BundleInput & { stdio: boolean }, paths: BundlePaths): string | null {
  if (!model.stdio) return null;
  const userConfig: Record<string, UserConfigOption> = {};
  // The runtime's own settings (server-env.ts), each with a default: a client substitutes nothing for an unset
  // setting without one, and the server would see the literal `${user_config.X}`.
  for (const v of serverEnv({ m, stdio: true, http: null, toolsetList: model.toolsets?.usageList ?? '' })) {
    if (!v.inBundle) continue;
    const boolean = v.type === 'boolean';
    userConfig[v.name] = {
      type: boolean ? 'boolean' : 'string',
      title: v.title,
      description: v.description,
      ...(v.isSecret ? { sensitive: true } : {}),
      default: boolean ? v.default === 'true' : (v.default ?? ''),
    };
  }
  // Variables the manifest declares come after, and win over a runtime one of the same name.
  for (const [env, o] of Object.entries(m.bundle?.env ?? {})) {
    userConfig[env] = {
      type: o.type ?? 'string',
      title: o.title,
      description: o.description,
      ...(o.sensitive ? { sensitive: true } : {}),
      ...(o.required ? { required: true } : {}),
      // An optional setting the user leaves empty still reaches the server, as an empty variable.
      ...(o.default !== undefined ? { default: o.default } : o.required ? {} : { default: o.type === 'boolean' ? false : '' }),
    };
  }
  const prompts = entriesOf(m, 'prompts').map(([name, p]) => {
    const text = promptText(p.messages);
    if (text === null) return null;
    return {
      name,
      ...(p.description ? { description: p.description } : {}),
      ...(p.arguments?.length ? { arguments: p.arguments.map((a) => a.name) } : {}),
      text,
    };
  });
  const listed = prompts.filter((p) => p !== null);
  const homepage = httpUrl(m.server.websiteUrl);
  const manifest = {
    manifest_version: MCPB_MANIFEST_VERSION,
    name: m.server.name,
    display_name: model.serverTitle,
    version: m.server.version,
    description: model.description || `The ${model.serverTitle} MCP server.`,
    author: m.bundle?.author ?? { name: model.serverTitle },
    ...(homepage ? { homepage } : {}),
    ...bundleIcons(m, paths),
    server: {
      type: 'node',
      entry_point: BUNDLE_ENTRY,
      mcp_config: {
        command: 'node',
        // --transport stdio: the bundle is started by a desktop client over stdio, whatever MCP_TRANSPORT says.
        args: [`\${__dirname}/${BUNDLE_ENTRY}`, '--transport', 'stdio'],
        env: Object.fromEntries(Object.keys(userConfig).map((env) => [env, `\${user_config.${env}}`])),
      },
    },
    tools: entriesOf(m, 'tools').map(([name, t]) => ({ name, ...(t.description ? { description: t.description } : {}) })),
    ...(listed.length ? { prompts: listed } : {}),
    // Prompts built by handlers (or with other than text messages) have no text to declare: the client asks the server.
    ...(listed.length < prompts.length ? { prompts_generated: true } : {}),
    compatibility: { platforms: ['darwin', 'linux', 'win32'], runtimes: { node: NODE_ENGINES } },
    user_config: userConfig,
  };
  return reviewableJson(manifest);
}

/**
 * `icon` and `icons` of manifest.json: each path from the project's root, where `npm run bundle` finds the file to pack
 * at the same path; sizes are read from the files (validate made sure they are PNG images inside the manifest's folder).
 */
function bundleIcons(m: Manifest, paths: BundlePaths): { icon?: string; icons?: { src: string; size: string; theme?: string }[] } {
  const manifestDir = resolve(paths.manifestPath, '..');
  const src = (file: string) => relative(resolve(paths.outDir), resolve(manifestDir, file)).split('\\').join('/');
  const size = (file: string) => {
    const found = pngSize(embeddedFile(manifestDir, file));
    return found ? `${found.width}x${found.height}` : '0x0';
  };
  const icons = (m.bundle?.icons ?? []).map((i) => ({ src: src(i.file), size: size(i.file), ...(i.theme ? { theme: i.theme } : {}) }));
  return { ...(m.bundle?.icon ? { icon: src(m.bundle.icon) } : {}), ...(icons.length ? { icons } : {}) };
}

/** A prompt's text messages in MCPB's template syntax (`${arguments.name}`); null unless every message is text. */
function promptText(messages: readonly { text?: string; content?: unknown }[] | undefined): string | null {
  if (!messages) return null;
  const texts: string[] = [];
  for (const msg of messages) {
    const content = msg.content as { type?: unknown; text?: unknown } | undefined;
    const text = msg.text ?? (isObject(content) && content.type === 'text' && typeof content.text === 'string' ? content.text : null);
    if (text === null) return null;
    texts.push(text.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (_, name: string) => `\${arguments.${name}}`));
  }
  return texts.join('\n\n');
}

function httpUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol) ? value : undefined;
  } catch {
    return undefined;
  }
}
