import { createRemoteJWKSet, customFetch, errors, jwtVerify, type JWTPayload } from 'jose';
import { OAuthError, OAuthErrorCode, type AuthInfo, type OAuthTokenVerifier } from '@modelcontextprotocol/server';
import { logger } from './log.gen.js';

export interface JwtVerifierOptions {
  jwksUrl: string;
  /** Required `iss`, compared exactly. */
  issuer: string;
  /** Required in `aud`, compared exactly: this server's resource identifier. */
  audience: string;
  /** Accepted `alg` values; asymmetric ones only (default: all of RS*, PS*, ES*, EdDSA). */
  algorithms?: readonly string[] | null;
  /** Required `typ` header, e.g. `at+jwt` (RFC 9068); unchecked when unset. */
  tokenType?: string | null;
}

// Asymmetric algorithms only: `none` and HMAC would let anyone holding the public JWKS mint tokens.
export const JWT_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
] as const;
const MAX_TOKEN_LENGTH = 16_384;
const MAX_JWKS_BYTES = 1_048_576;
const JWKS_TTL_MS = 10 * 60_000;
/** An unknown `kid` triggers a refetch (key rotation), at most this often; so does a failed fetch. */
const REFETCH_MS = 30_000;
const FETCH_TIMEOUT_MS = 5_000;
const CLOCK_SKEW_S = 60;
/** Three base64url parts and nothing else: decoders skip stray characters, so they are refused before decoding. */
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

const invalid = (message: string) => new OAuthError(OAuthErrorCode.InvalidToken, message);

/**
 * Verifies JWT access tokens (RFC 9068) with `jose`: signature against the authorization server's published keys,
 * exact issuer and audience, required and current `exp`, `nbf`, the allowed algorithms, key strength and curve,
 * `crit` headers, and optionally `typ`.
 */
export function jwtVerifier(options: JwtVerifierOptions): OAuthTokenVerifier {
  const keys = createRemoteJWKSet(new URL(options.jwksUrl), {
    cacheMaxAge: JWKS_TTL_MS,
    cooldownDuration: REFETCH_MS,
    timeoutDuration: FETCH_TIMEOUT_MS,
    [customFetch]: boundedJwksFetch(options.jwksUrl),
  });
  const algorithms = [...(options.algorithms ?? JWT_ALGORITHMS)];
  return {
    async verifyAccessToken(token: string): Promise<AuthInfo> {
      if (token.length > MAX_TOKEN_LENGTH) throw invalid('Token is too long');
      if (!COMPACT_JWS.test(token)) throw invalid('Token is not a JWT');
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, keys, {
          issuer: options.issuer,
          audience: options.audience,
          algorithms,
          requiredClaims: ['exp'],
          clockTolerance: CLOCK_SKEW_S,
          ...(options.tokenType ? { typ: options.tokenType } : {}),
        }));
      } catch (error) {
        throw invalid(reason(error));
      }
      return authInfo(payload, token, options.audience);
    },
  };
}

/** Why a token was refused, in words a client may see; never the token or key material. */
function reason(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'Token has expired';
  if (error instanceof errors.JWTClaimValidationFailed)
    return `Token claim ${error.claim} is not acceptable (${error.reason})`;
  if (error instanceof errors.JWKSNoMatchingKey) return 'Token was signed with an unknown key';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'Token signature is invalid';
  if (error instanceof errors.JOSEAlgNotAllowed) return 'Token algorithm is not allowed';
  if (error instanceof errors.JOSEError) return `Token is invalid (${error.code})`;
  // jose throws TypeError for keys it will not use with the token's algorithm (RSA under 2048 bits, wrong curve).
  return 'Token was signed with an unusable key';
}

function authInfo(payload: JWTPayload, token: string, audience: string): AuthInfo {
  const scopes =
    typeof payload.scope === 'string'
      ? payload.scope.split(' ').filter(Boolean)
      : Array.isArray(payload.scp)
        ? payload.scp.filter((s): s is string => typeof s === 'string')
        : [];
  // Rate limits and sessions count per user (`sub`) of a client (see principalOf); a token naming neither is its own
  // key.
  const clientId = [payload.client_id, payload.azp, payload.sub].find((v): v is string => typeof v === 'string') ?? '';
  return { token, clientId, scopes, expiresAt: payload.exp, resource: new URL(audience), extra: { sub: payload.sub } };
}

/**
 * jose's fetch, with the body read only up to MAX_JWKS_BYTES and redirects refused. A failed fetch leaves the keys
 * already known in use (the last good set is answered again), and while the authorization server is failing it is
 * asked at most once per REFETCH_MS: a flood of tokens must not become a flood of fetches.
 */
function boundedJwksFetch(url: string) {
  let lastGood: string | undefined;
  let failedAt = -Infinity;
  const fallback = (why: string): Response => {
    if (lastGood === undefined) throw new Error(`cannot load the JWKS from ${url}: ${why}`);
    return new Response(lastGood, { status: 200 });
  };
  return async (input: string, init: RequestInit): Promise<Response> => {
    if (Date.now() - failedAt < REFETCH_MS) return fallback('the last attempt failed moments ago');
    try {
      const response = await fetch(input, { ...init, redirect: 'error' });
      if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
      const text = await readBounded(response, MAX_JWKS_BYTES);
      lastGood = text;
      return new Response(text, { status: 200 });
    } catch (error) {
      failedAt = Date.now();
      logger.error(`auth: cannot load the JWKS from ${url}: ${(error as Error).message}`);
      return fallback((error as Error).message);
    }
  };
}

async function readBounded(response: Response, max: number): Promise<string> {
  if (Number(response.headers.get('content-length')) > max) throw new Error(`JWKS larger than ${max} bytes`);
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new Error(`JWKS larger than ${max} bytes`);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}
