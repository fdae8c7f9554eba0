// The server's public description: server.json for the MCP Registry, and the server card an HTTP server serves.
// Both exist only when the manifest names the server in the registry (server.registryName): that name is an
// ownership claim (io.github.<owner>/ is checked against GitHub, com.example/ against the domain), which mcp-gen
// cannot guess from the npm name, and a made-up one would publish a false claim.
import type { Auth, HttpTransport, Json, Manifest } from '../core/index.js';
import { HTTP_DEFAULTS, isObject, reviewableJson, stdioServed } from '../core/index.js';
import { registryIconProblem } from '../validate/index.js';
import { serverEnv } from './server-env.js';

/** The registry schema server.json conforms to (a copy with its licence is in schemas/registry/). */
export const SERVER_JSON_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';
/** The draft server card schema (SEP-2127), versioned by /v1/ rather than by date. */
export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';

export interface RegistryModel {
  /** server.registryName, also package.json's mcpName (the registry checks the two match). */
  mcpName: string;
  /** The server.json file, as written. */
  serverJson: string;
}

/** `toolsetList`: the toolset names, when the server lets a client choose them (MCP_TOOLSETS). */
export function registryModel(m: Manifest, packageName: string, toolsetList = ''): RegistryModel | null {
  const name = m.server.registryName;
  if (typeof name !== 'string') return null;
  const http = httpOf(m);
  const stdio = stdioServed(m);
  const env = serverEnv({ m, stdio, http, toolsetList });
  const transport = stdio
    ? { type: 'stdio' }
    : { type: 'streamable-http', url: `http://localhost:${http?.port ?? HTTP_DEFAULTS.port}${http?.path ?? HTTP_DEFAULTS.path}` };
  const remotes = remotesOf(m);
  const serverJson: Json = {
    $schema: SERVER_JSON_SCHEMA,
    ...identity(m),
    packages: [
      {
        registryType: 'npm',
        identifier: packageName,
        version: m.server.version,
        runtimeHint: 'npx',
        transport,
        environmentVariables: env.map((v) => ({
          name: v.name,
          description: v.description,
          ...(v.isSecret ? { isSecret: true } : {}),
          ...(v.default !== undefined ? { default: v.default } : {}),
        })),
      },
    ],
    ...(remotes.length ? { remotes } : {}),
  };
  return { mcpName: name, serverJson: reviewableJson(serverJson) };
}

/**
 * The server card (SEP-2127 draft) served over HTTP: identity and the public remote, no primitives (the draft
 * leaves those to the protocol's list operations). The runtime adds each remote's supportedProtocolVersions.
 */
export function serverCardModel(m: Manifest): Json | null {
  if (typeof m.server.registryName !== 'string' || m.transports?.http === false) return null;
  const remotes = remotesOf(m);
  return { $schema: SERVER_CARD_SCHEMA, ...identity(m), ...(remotes.length ? { remotes } : {}) };
}

// The keys of the registry's Icon; the spec's Icon is open, but extra keys are not the registry's to publish.
const ICON_KEYS = ['src', 'mimeType', 'sizes', 'theme'] as const;

function identity(m: Manifest): Json {
  const s = m.server;
  const repo = s.repository;
  // Icons the registry's schema refuses (data: URIs, other image types) are left out; validate warns about each.
  const icons = (s.icons ?? [])
    .filter((icon) => registryIconProblem(icon) === undefined)
    .map((icon): Json => Object.fromEntries(ICON_KEYS.filter((k) => icon[k] !== undefined).map((k) => [k, icon[k]])));
  return {
    name: s.registryName ?? '',
    ...(s.title !== undefined ? { title: s.title } : {}),
    description: s.description ?? '',
    version: s.version,
    ...(s.websiteUrl !== undefined ? { websiteUrl: s.websiteUrl } : {}),
    ...(repo
      ? {
          repository: {
            url: repo.url,
            source: repo.source,
            ...(repo.subfolder !== undefined ? { subfolder: repo.subfolder } : {}),
            ...(repo.id !== undefined ? { id: repo.id } : {}),
          },
        }
      : {}),
    ...(icons.length ? { icons } : {}),
  };
}

function httpOf(m: Manifest): HttpTransport | null {
  const http = m.transports?.http;
  if (http === false) return null;
  return isObject(http) ? (http as HttpTransport) : {};
}

/** The public Streamable HTTP endpoint, with the header its auth asks for (OAuth clients discover theirs). */
function remotesOf(m: Manifest): Json[] {
  const url = httpOf(m)?.publicUrl;
  if (url === undefined) return [];
  const headers = authHeaders(m.auth);
  return [{ type: 'streamable-http', url, ...(headers.length ? { headers } : {}) }];
}

function authHeaders(auth: Auth | undefined): Json[] {
  if (auth?.type === 'bearer') {
    return [
      {
        name: 'Authorization',
        description: 'Bearer token issued by the server operator',
        isRequired: true,
        isSecret: true,
        value: 'Bearer {token}',
        variables: { token: { description: 'The token', isRequired: true, isSecret: true } },
      },
    ];
  }
  if (auth?.type === 'apiKey') {
    return [{ name: auth.header ?? 'X-API-Key', description: 'API key issued by the server operator', isRequired: true, isSecret: true }];
  }
  return [];
}
