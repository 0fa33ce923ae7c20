import { jwtVerify, SignJWT } from 'jose';

export type Role = 'user' | 'seller' | 'admin';
export const ROLES: readonly Role[] = ['user', 'seller', 'admin'];

export interface TokenClaims {
  sub: string;
  role: Role;
}

const TOKEN_TTL = '7d';

/** Signs and verifies the HS256 session tokens of DESIGN §5. */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ role: claims.role })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime(TOKEN_TTL)
      .sign(this.key);
  }

  /** The claims of a valid, unexpired token; undefined for anything else. */
  async verify(token: string): Promise<TokenClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const role = payload.role;
      if (typeof payload.sub !== 'string' || !ROLES.includes(role as Role)) return undefined;
      return { sub: payload.sub, role: role as Role };
    } catch {
      return undefined;
    }
  }
}
