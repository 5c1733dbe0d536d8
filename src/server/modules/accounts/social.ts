import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import type { SocialProvider } from '../../../contract/accounts';
import { ErrorCode } from '../../../contract/errors';
import { HttpError } from '../../http/errors';

export interface ProviderSettings {
  /** The OAuth client ids (Google) or bundle/service ids (Apple) the ID token's audience must be one of. */
  clientIds: string[];
  /** Where the provider publishes its signing keys; tests point it at a loopback server. */
  jwksUrl: URL;
}
export type SocialSettings = Record<SocialProvider, ProviderSettings>;

const ISSUERS: Record<SocialProvider, string[]> = {
  google: ['https://accounts.google.com', 'accounts.google.com'],
  apple: ['https://appleid.apple.com'],
};
export const DEFAULT_JWKS: Record<SocialProvider, URL> = {
  google: new URL('https://www.googleapis.com/oauth2/v3/certs'),
  apple: new URL('https://appleid.apple.com/auth/keys'),
};

export interface SocialIdentity {
  provider: SocialProvider;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** Verifies Google and Apple ID tokens (signature against the provider's JWKS, issuer, audience, expiry). */
export function socialVerifier(settings: SocialSettings) {
  const keySets = {
    google: createRemoteJWKSet(settings.google.jwksUrl),
    apple: createRemoteJWKSet(settings.apple.jwksUrl),
  };
  return {
    async verify(provider: SocialProvider, idToken: string): Promise<SocialIdentity> {
      const { clientIds } = settings[provider];
      if (clientIds.length === 0) {
        throw new HttpError(400, ErrorCode.providerNotConfigured, `${provider} sign-in is not configured`);
      }
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(idToken, keySets[provider], {
          issuer: ISSUERS[provider],
          audience: clientIds,
          algorithms: ['RS256', 'ES256'],
        }));
      } catch {
        throw new HttpError(401, ErrorCode.invalidCredentials, 'Invalid ID token');
      }
      const subject = text(payload.sub);
      if (!subject) throw new HttpError(401, ErrorCode.invalidCredentials, 'Invalid ID token');
      // Apple sends email_verified as the string "true".
      const verified = payload.email_verified === true || payload.email_verified === 'true';
      return {
        provider,
        subject,
        email: text(payload.email)?.toLowerCase() ?? null,
        emailVerified: verified,
        firstName: text(payload.given_name),
        lastName: text(payload.family_name),
      };
    },
  };
}
export type SocialVerifier = ReturnType<typeof socialVerifier>;
