import { jwtVerify, SignJWT } from 'jose';

export type Role = 'user' | 'seller' | 'admin';
export const ROLES: readonly Role[] = ['user', 'seller', 'admin'];

export interface TokenClaims {
  sub: string;
  role: Role;
}

/** A verified token's claims plus when it was issued (to compare with the account's password change). */
export interface VerifiedClaims extends TokenClaims {
  /**
   * Milliseconds since the epoch. JWT `iat` has whole seconds only, so a token issued just after a
   * password change could look older than the change; the `iatMs` claim keeps the milliseconds.
   * Tokens signed before it existed fall back to `iat` (rounded down: they count as older).
   */
  issuedAtMs: number;
}

const TOKEN_TTL = '7d';
/** Verified tokens remembered (per process); a verification is an HMAC in WebCrypto, ~0.1 ms. */
const VERIFIED_CACHE_SIZE = 10_000;

/** Signs and verifies the HS256 session tokens of DESIGN §5. */
export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Token text → its claims and expiry. The same bytes always verify the same way, so a token seen
   * valid is valid again until it expires; only tokens that verified are kept. Oldest out first.
   */
  private readonly verified = new Map<string, { claims: VerifiedClaims; expiresAtMs: number }>();

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ role: claims.role, iatMs: Date.now() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime(TOKEN_TTL)
      .sign(this.key);
  }

  /** The claims of a valid, unexpired token; undefined for anything else. */
  async verify(token: string): Promise<VerifiedClaims | undefined> {
    const known = this.verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAtMs) return known.claims;
      this.verified.delete(token);
      return undefined;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const role = payload.role;
      if (typeof payload.sub !== 'string' || !ROLES.includes(role as Role)) return undefined;
      const issuedAtMs =
        typeof payload.iatMs === 'number'
          ? payload.iatMs
          : typeof payload.iat === 'number'
            ? payload.iat * 1000
            : 0;
      const claims = { sub: payload.sub, role: role as Role, issuedAtMs };
      if (typeof payload.exp === 'number') this.remember(token, claims, payload.exp * 1000);
      return claims;
    } catch {
      return undefined;
    }
  }

  private remember(token: string, claims: VerifiedClaims, expiresAtMs: number) {
    if (this.verified.size >= VERIFIED_CACHE_SIZE) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    this.verified.set(token, { claims, expiresAtMs });
  }
}
