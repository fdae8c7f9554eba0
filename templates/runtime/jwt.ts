import { createPublicKey, verify, constants, type JsonWebKey, type KeyObject } from 'node:crypto';
import { OAuthError, OAuthErrorCode, type AuthInfo, type OAuthTokenVerifier } from '@modelcontextprotocol/server';
import { logger } from './log.gen.js';

export interface JwtVerifierOptions {
  jwksUrl: string;
  /** Required `iss`. */
  issuer: string;
  /** Required in `aud`: this server's resource identifier. */
  audience: string;
}

// Asymmetric algorithms only: `none` and HMAC would let anyone holding the public JWKS mint tokens.
const ALGORITHMS: Record<string, { hash: string | null; kty: string; pss?: boolean }> = {
  RS256: { hash: 'sha256', kty: 'RSA' },
  RS384: { hash: 'sha384', kty: 'RSA' },
  RS512: { hash: 'sha512', kty: 'RSA' },
  PS256: { hash: 'sha256', kty: 'RSA', pss: true },
  PS384: { hash: 'sha384', kty: 'RSA', pss: true },
  PS512: { hash: 'sha512', kty: 'RSA', pss: true },
  ES256: { hash: 'sha256', kty: 'EC' },
  ES384: { hash: 'sha384', kty: 'EC' },
  ES512: { hash: 'sha512', kty: 'EC' },
  EdDSA: { hash: null, kty: 'OKP' },
};
const MAX_TOKEN_LENGTH = 16_384;
const MAX_JWKS_BYTES = 1_048_576;
const JWKS_TTL_MS = 10 * 60_000;
/** An unknown `kid` triggers a refetch (key rotation), at most this often. */
const REFETCH_MS = 30_000;
const CLOCK_SKEW_S = 60;

const invalid = (message: string) => new OAuthError(OAuthErrorCode.InvalidToken, message);

/** Verifies JWT access tokens against the authorization server's published keys (RFC 7517, RFC 9068 claims). */
export function jwtVerifier(options: JwtVerifierOptions): OAuthTokenVerifier {
  const keys = new JwksCache(options.jwksUrl);
  const audience = comparable(options.audience);
  return {
    async verifyAccessToken(token: string): Promise<AuthInfo> {
      if (token.length > MAX_TOKEN_LENGTH) throw invalid('Token is too long');
      const parts = token.split('.');
      if (parts.length !== 3) throw invalid('Token is not a JWT');
      const header = decodeJson(parts[0]);
      const alg = typeof header.alg === 'string' && Object.hasOwn(ALGORITHMS, header.alg) ? ALGORITHMS[header.alg] : undefined;
      if (!alg) throw invalid(`Unsupported token algorithm ${JSON.stringify(header.alg)}`);
      const key = await keys.find(typeof header.kid === 'string' ? header.kid : undefined, header.alg as string, alg.kty);
      const signature = Buffer.from(parts[2], 'base64url');
      const signed = Buffer.from(`${parts[0]}.${parts[1]}`);
      let ok = false;
      try {
        ok = verify(alg.hash, signed, {
          key,
          ...(alg.kty === 'EC' ? { dsaEncoding: 'ieee-p1363' as const } : {}),
          ...(alg.pss ? { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST } : {}),
        }, signature);
      } catch {
        // A signature of the wrong shape for the key: as invalid as a wrong one.
      }
      if (!ok) throw invalid('Token signature is invalid');
      return claims(decodeJson(parts[1]), token, options, audience);
    },
  };
}

function claims(payload: Record<string, unknown>, token: string, options: JwtVerifierOptions, audience: string): AuthInfo {
  const now = Date.now() / 1000;
  if (typeof payload.exp !== 'number') throw invalid('Token has no expiration time');
  if (payload.exp + CLOCK_SKEW_S < now) throw invalid('Token has expired');
  if (typeof payload.nbf === 'number' && payload.nbf - CLOCK_SKEW_S > now) throw invalid('Token is not valid yet');
  if (typeof payload.iss !== 'string' || comparable(payload.iss) !== comparable(options.issuer)) throw invalid('Token was issued by another authorization server');
  const aud = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (!aud.some((a) => typeof a === 'string' && comparable(a) === audience)) throw invalid('Token was not issued for this resource');
  const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : Array.isArray(payload.scp) ? payload.scp.filter((s): s is string => typeof s === 'string') : [];
  const clientId = [payload.client_id, payload.azp, payload.sub].find((v): v is string => typeof v === 'string') ?? 'unknown';
  return { token, clientId, scopes, expiresAt: payload.exp, resource: new URL(options.audience), extra: { sub: payload.sub } };
}

function decodeJson(part: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw invalid('Token is not a JWT');
}

/** URLs compare without a trailing slash or fragment, as the SDK compares resources. */
function comparable(url: string): string {
  return url.split('#', 1)[0].replace(/\/$/, '');
}

class JwksCache {
  #keys: (JsonWebKey & { kid?: string; alg?: string; use?: string })[] = [];
  #fetchedAt = -Infinity;
  #attemptedAt = -Infinity;
  #pending: Promise<void> | undefined;

  constructor(readonly url: string) {}

  async find(kid: string | undefined, alg: string, kty: string): Promise<KeyObject> {
    // Fetches are throttled whatever happens: a flood of tokens with made-up kids must not become a flood of fetches.
    const mayFetch = () => Date.now() - this.#attemptedAt > REFETCH_MS;
    if (Date.now() - this.#fetchedAt > JWKS_TTL_MS && mayFetch()) await this.#refresh();
    let jwk = this.#match(kid, alg, kty);
    if (!jwk && mayFetch()) {
      await this.#refresh();
      jwk = this.#match(kid, alg, kty);
    }
    if (!jwk) throw invalid('Token was signed with an unknown key');
    try {
      return createPublicKey({ key: jwk, format: 'jwk' });
    } catch {
      throw invalid('Token was signed with an unusable key');
    }
  }

  #match(kid: string | undefined, alg: string, kty: string) {
    return this.#keys.find((k) => k.kty === kty && (kid === undefined || k.kid === kid) && (k.alg === undefined || k.alg === alg) && (k.use === undefined || k.use === 'sig'));
  }

  #refresh(): Promise<void> {
    this.#pending ??= this.#load().finally(() => (this.#pending = undefined));
    return this.#pending;
  }

  async #load(): Promise<void> {
    this.#attemptedAt = Date.now();
    try {
      const response = await fetch(this.url, { signal: AbortSignal.timeout(5_000), redirect: 'error' });
      const text = await response.text();
      if (!response.ok || text.length > MAX_JWKS_BYTES) throw new Error(`HTTP ${response.status}`);
      const body = JSON.parse(text) as { keys?: unknown };
      if (!Array.isArray(body.keys)) throw new Error('no keys array');
      this.#keys = body.keys.filter((k): k is JsonWebKey => typeof k === 'object' && k !== null);
      this.#fetchedAt = Date.now();
    } catch (error) {
      // The keys already known stay in use; a token that needs new ones is refused until a fetch succeeds.
      logger.error(`auth: cannot load the JWKS from ${this.url}: ${(error as Error).message}`);
    }
  }
}
