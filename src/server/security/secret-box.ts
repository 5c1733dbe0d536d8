import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Sealed values read `v1.<iv>.<tag>.<ciphertext>`, each part base64url; the version names the scheme. */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {}

export interface SecretBox {
  /** Encrypts `plain` bound to `context` (e.g. the setting's key), so a value cannot be moved to another field. */
  seal(plain: string, context: string): string;
  /** The plain text of a sealed value; throws SecretBoxError when the key, context or value does not match. */
  open(sealed: string, context: string): string;
}

/**
 * AES-256-GCM with a random 12-byte IV per value and a 16-byte auth tag. The key is derived from
 * SECRET_KEY with HKDF-SHA256 and a purpose label, so other uses of SECRET_KEY get unrelated keys.
 */
export function secretBox(secretKey: string, purpose = 'settings'): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', secretKey, 'nazenk', `nazenk:${purpose}:${VERSION}`, 32));
  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed, context) {
      const [version, iv, tag, body, ...rest] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined || rest.length > 0) {
        throw new SecretBoxError('not a sealed value');
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
          authTagLength: TAG_BYTES,
        });
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new SecretBoxError('sealed value cannot be opened (wrong key or tampered)');
      }
    },
  };
}
