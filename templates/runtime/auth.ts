// Who may call: static bearer tokens or API keys, or OAuth access tokens (a JWT checked against the authorization
// server's keys, or the app's own verifyAccessToken), on the web's Request and Response: nothing here is Node-only.
import {
  bearerAuthChallengeResponse,
  buildOAuthProtectedResourceMetadata,
  getOAuthProtectedResourceMetadataUrl,
  OAuthError,
  OAuthErrorCode,
  verifyBearerToken,
  type AuthInfo,
  type OAuthMetadata,
  type OAuthTokenVerifier,
} from '@modelcontextprotocol/server';
import { logger } from './log.gen.js';

export interface CredentialConfig {
  /** The environment variable holding the token or key; the manifest never holds the secret itself. */
  readonly env: string;
  readonly principal: string;
  readonly scopes: readonly string[];
}

export type AuthConfig =
  | { readonly type: 'bearer'; readonly credentials: readonly CredentialConfig[] }
  | { readonly type: 'apiKey'; readonly header: string; readonly credentials: readonly CredentialConfig[] }
  | {
      readonly type: 'oauth';
      readonly resource: string;
      readonly authorizationServer: string;
      readonly jwksUrl: string | null;
      readonly scopesSupported: readonly string[];
      /** With jwksUrl: accepted JWT algorithms (null: every asymmetric one) and required `typ` (null: unchecked). */
      readonly algorithms?: readonly string[] | null;
      readonly tokenType?: string | null;
    };

/**
 * jwtVerifier of jwt.gen.ts, which a project has only when its oauth names a jwksUrl (only then does it depend on
 * jose): the entry loads it and passes it in.
 */
export type JwtVerifierFactory = (options: {
  jwksUrl: string;
  issuer: string;
  audience: string;
  algorithms?: readonly string[] | null;
  tokenType?: string | null;
}) => OAuthTokenVerifier;

/**
 * A user-supplied token check (export `verifyAccessToken` from src/lifecycle.ts); throw OAuthError InvalidToken to
 * refuse.
 */
export type VerifyAccessToken = (token: string) => Promise<AuthInfo>;

export interface Authenticator {
  /** The verified caller, or the answer that refuses the request (401 with WWW-Authenticate). */
  authenticate(request: Request): Promise<AuthInfo | Response>;
  /** The answer to a request for the protected resource metadata (oauth); undefined for any other path. */
  metadata(request: Request, pathname: string): Response | undefined;
}

// Static credentials do not expire, but the SDK's bearer check requires an expiry: each verification is good for this.
const STATIC_TOKEN_LIFETIME_S = 3600;
const SHORT_SECRET = 16;
const encoder = new TextEncoder();

/** Reads every secret now, so a missing variable stops the server at start-up instead of locking out callers later. */
export function createAuthenticator(
  config: AuthConfig,
  hook: VerifyAccessToken | undefined,
  env: Readonly<Record<string, string | undefined>>,
  jwtVerifier?: JwtVerifierFactory,
): Authenticator {
  if (config.type === 'oauth') return oauthAuthenticator(config, hook, jwtVerifier);
  const verifier = staticVerifier(config.credentials, env);
  if (config.type === 'bearer') {
    return {
      authenticate: (request) => bearer(request, { verifier }),
      metadata: () => undefined,
    };
  }
  return {
    async authenticate(request) {
      const value = request.headers.get(config.header);
      try {
        if (value === null || value === '')
          throw new OAuthError(OAuthErrorCode.InvalidToken, `Missing ${config.header} header`);
        return await verifier.verifyAccessToken(value);
      } catch (error) {
        const status = error instanceof OAuthError ? 401 : 500;
        const description = error instanceof OAuthError ? error.message : 'Internal Server Error';
        const body = { error: status === 401 ? 'invalid_token' : 'server_error', error_description: description };
        return new Response(JSON.stringify(body), {
          status,
          headers: {
            'content-type': 'application/json',
            ...(status === 401 ? { 'www-authenticate': `ApiKey realm="mcp", header="${config.header}"` } : {}),
          },
        });
      }
    },
    metadata: () => undefined,
  };
}

function staticVerifier(
  credentials: readonly CredentialConfig[],
  env: Readonly<Record<string, string | undefined>>,
): OAuthTokenVerifier {
  const known = credentials.map((c) => {
    const secret = env[c.env];
    if (!secret)
      throw new Error(`auth: the environment variable ${c.env} is not set (it holds the credential of ${c.principal})`);
    if (secret.length < SHORT_SECRET)
      logger.warn(`${c.env} holds fewer than ${SHORT_SECRET} characters: easy to guess`);
    return { ...c, bytes: encoder.encode(secret) };
  });
  return {
    async verifyAccessToken(token) {
      // Every credential compared, each in time that depends on the presented token alone: timing reveals neither a
      // secret, nor its length, nor which credential matched.
      const presented = encoder.encode(token);
      let match: (typeof known)[number] | undefined;
      for (const c of known) if (sameSecret(presented, c.bytes) && !match) match = c;
      if (!match) throw new OAuthError(OAuthErrorCode.InvalidToken, 'Invalid token');
      return {
        token,
        clientId: match.principal,
        scopes: [...match.scopes],
        expiresAt: Math.floor(Date.now() / 1000) + STATIC_TOKEN_LIFETIME_S,
      };
    },
  };
}

function oauthAuthenticator(
  config: Extract<AuthConfig, { type: 'oauth' }>,
  hook: VerifyAccessToken | undefined,
  jwtVerifier: JwtVerifierFactory | undefined,
): Authenticator {
  const resource = new URL(config.resource);
  if (config.jwksUrl && !jwtVerifier)
    throw new Error(
      'auth: oauth with jwksUrl needs src/generated/jwt.gen.ts, which this project lacks: run mcp-gen generate',
    );
  const verifier: OAuthTokenVerifier =
    config.jwksUrl && jwtVerifier
      ? jwtVerifier({
          jwksUrl: config.jwksUrl,
          issuer: config.authorizationServer,
          audience: config.resource,
          algorithms: config.algorithms,
          tokenType: config.tokenType,
        })
      : { verifyAccessToken: requireHook(hook) };
  const resourceMetadataUrl = getOAuthProtectedResourceMetadataUrl(resource);
  // The helper reads only the issuer of the authorization server's metadata; it also refuses a non-HTTPS issuer.
  const metadata = buildOAuthProtectedResourceMetadata({
    oauthMetadata: { issuer: config.authorizationServer } as OAuthMetadata,
    resourceServerUrl: resource,
    scopesSupported: config.scopesSupported.length ? [...config.scopesSupported] : undefined,
  });
  const metadataPaths = new Set([new URL(resourceMetadataUrl).pathname, '/.well-known/oauth-protected-resource']);
  const body = JSON.stringify(metadata);
  return {
    authenticate: (request) => bearer(request, { verifier, resourceMetadataUrl, expectedResource: resource }),
    metadata(request, pathname) {
      if (!metadataPaths.has(pathname)) return undefined;
      const cors = { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET, HEAD, OPTIONS' };
      if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
      if (request.method !== 'GET' && request.method !== 'HEAD')
        return new Response(null, { status: 405, headers: { ...cors, allow: 'GET, HEAD, OPTIONS' } });
      const headers = { ...cors, 'content-type': 'application/json' };
      return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
    },
  };
}

function requireHook(hook: VerifyAccessToken | undefined): VerifyAccessToken {
  if (!hook)
    throw new Error(
      'auth: oauth without jwksUrl verifies tokens with verifyAccessToken, which src/lifecycle.ts does not export',
    );
  return hook;
}

async function bearer(
  request: Request,
  options: Parameters<typeof verifyBearerToken>[1],
): Promise<AuthInfo | Response> {
  const authorization = request.headers.get('authorization') ?? undefined;
  try {
    // The SDK reads the second space-separated word and ignores the rest: anything after the token is refused here.
    if (authorization !== undefined && !/^\S+ \S+$/.test(authorization)) {
      throw new OAuthError(
        OAuthErrorCode.InvalidToken,
        'Malformed Authorization header: expected Bearer and one token',
      );
    }
    return await verifyBearerToken(authorization, options);
  } catch (error) {
    if (!(error instanceof OAuthError)) logger.error({ err: error }, 'auth: token verification failed');
    return bearerAuthChallengeResponse(error, options);
  }
}

/**
 * Whether `presented` is `secret` (never empty), in time that depends on `presented` alone: every byte of it is
 * compared, with the secret's bytes taken round, so neither where they differ nor the secret's length shows.
 */
function sameSecret(presented: Uint8Array, secret: Uint8Array): boolean {
  let diff = presented.length ^ secret.length;
  for (let i = 0; i < presented.length; i++) diff |= presented[i] ^ secret[i % secret.length];
  return diff === 0;
}
