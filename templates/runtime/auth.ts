import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
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
  /** The verified caller; undefined when the request was refused (401 with WWW-Authenticate already sent). */
  authenticate(req: IncomingMessage, res: ServerResponse): Promise<AuthInfo | undefined>;
  /** Answers requests for the protected resource metadata (oauth); false for any other path. */
  serveMetadata(req: IncomingMessage, res: ServerResponse, pathname: string): boolean;
}

// Static credentials do not expire, but the SDK's bearer check requires an expiry: each verification is good for this.
const STATIC_TOKEN_LIFETIME_S = 3600;
const SHORT_SECRET = 16;

/** Reads every secret now, so a missing variable stops the server at start-up instead of locking out callers later. */
export function createAuthenticator(
  config: AuthConfig,
  hook: VerifyAccessToken | undefined,
  env: NodeJS.ProcessEnv = process.env,
  jwtVerifier?: JwtVerifierFactory,
): Authenticator {
  if (config.type === 'oauth') return oauthAuthenticator(config, hook, jwtVerifier);
  const verifier = staticVerifier(config.credentials, env);
  if (config.type === 'bearer') {
    return {
      authenticate: (req, res) => bearer(req, res, { verifier }),
      serveMetadata: () => false,
    };
  }
  const header = config.header.toLowerCase();
  return {
    async authenticate(req, res) {
      const value = req.headers[header];
      try {
        if (typeof value !== 'string' || value === '')
          throw new OAuthError(OAuthErrorCode.InvalidToken, `Missing ${config.header} header`);
        return await verifier.verifyAccessToken(value);
      } catch (error) {
        const status = error instanceof OAuthError ? 401 : 500;
        const description = error instanceof OAuthError ? error.message : 'Internal Server Error';
        res.writeHead(status, {
          'content-type': 'application/json',
          ...(status === 401 ? { 'www-authenticate': `ApiKey realm="mcp", header="${config.header}"` } : {}),
        });
        res.end(
          JSON.stringify({ error: status === 401 ? 'invalid_token' : 'server_error', error_description: description }),
        );
        return undefined;
      }
    },
    serveMetadata: () => false,
  };
}

function staticVerifier(credentials: readonly CredentialConfig[], env: NodeJS.ProcessEnv): OAuthTokenVerifier {
  const known = credentials.map((c) => {
    const secret = env[c.env];
    if (!secret)
      throw new Error(`auth: the environment variable ${c.env} is not set (it holds the credential of ${c.principal})`);
    if (secret.length < SHORT_SECRET)
      logger.warn(`${c.env} holds fewer than ${SHORT_SECRET} characters: easy to guess`);
    return { ...c, digest: digest(secret) };
  });
  return {
    async verifyAccessToken(token) {
      // Fixed-length digests compared in constant time, and every credential compared: timing reveals neither the
      // secret nor which credential matched.
      const presented = digest(token);
      let match: (typeof known)[number] | undefined;
      for (const c of known) if (timingSafeEqual(presented, c.digest) && !match) match = c;
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
  return {
    authenticate: (req, res) => bearer(req, res, { verifier, resourceMetadataUrl, expectedResource: resource }),
    serveMetadata(req, res, pathname) {
      if (!metadataPaths.has(pathname)) return false;
      const cors = { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET, HEAD, OPTIONS' };
      if (req.method === 'OPTIONS') res.writeHead(204, cors).end();
      else if (req.method !== 'GET' && req.method !== 'HEAD')
        res.writeHead(405, { ...cors, allow: 'GET, HEAD, OPTIONS' }).end();
      else
        res
          .writeHead(200, { ...cors, 'content-type': 'application/json' })
          .end(req.method === 'HEAD' ? undefined : JSON.stringify(metadata));
      return true;
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
  req: IncomingMessage,
  res: ServerResponse,
  options: Parameters<typeof verifyBearerToken>[1],
): Promise<AuthInfo | undefined> {
  try {
    // The SDK reads the second space-separated word and ignores the rest: anything after the token is refused here.
    if (req.headers.authorization !== undefined && !/^\S+ \S+$/.test(req.headers.authorization)) {
      throw new OAuthError(
        OAuthErrorCode.InvalidToken,
        'Malformed Authorization header: expected Bearer and one token',
      );
    }
    return await verifyBearerToken(req.headers.authorization, options);
  } catch (error) {
    if (!(error instanceof OAuthError)) logger.error({ err: error }, 'auth: token verification failed');
    await sendResponse(res, bearerAuthChallengeResponse(error, options));
    return undefined;
  }
}

async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(await response.text());
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
