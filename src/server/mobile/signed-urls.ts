import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock';

/** How long a stream or download URL works; Range requests made while seeking reuse it. */
export const SIGNED_URL_TTL_SECONDS = 60 * 60;

export type AudioPurpose = 'stream' | 'download';
export type SignatureCheck = 'valid' | 'expired' | 'invalid';

export interface SignedAudio {
  /** Path and query on this server: `/api/songs/{id}/audio?…`. */
  path: string;
  expiresAt: Date;
}

/**
 * HMAC-signed audio URLs: the signature covers the song id, the purpose and the expiry, so changing any
 * of them invalidates it. The key is derived from SECRET_KEY for this use only.
 */
export function audioUrlSigner(secretKey: string, clock: Clock) {
  const key = createHmac('sha256', secretKey).update('nazenk:signed-audio-url:v1').digest();
  const mac = (songId: number, purpose: AudioPurpose, expires: number) =>
    createHmac('sha256', key).update(`${purpose}\n${songId}\n${expires}`).digest();

  return {
    sign(songId: number, purpose: AudioPurpose): SignedAudio {
      const expires = Math.floor(clock().getTime() / 1000) + SIGNED_URL_TTL_SECONDS;
      const signature = mac(songId, purpose, expires).toString('base64url');
      const query = new URLSearchParams({ expires: String(expires), signature });
      if (purpose === 'download') query.set('download', '1');
      return { path: `/api/songs/${songId}/audio?${query}`, expiresAt: new Date(expires * 1000) };
    },

    /** An altered URL is invalid even when also expired: only a genuine URL learns that it expired. */
    check(songId: number, purpose: AudioPurpose, expires: number, signature: string): SignatureCheck {
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(songId, purpose, expires);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return expires * 1000 <= clock().getTime() ? 'expired' : 'valid';
    },
  };
}
export type AudioUrlSigner = ReturnType<typeof audioUrlSigner>;
