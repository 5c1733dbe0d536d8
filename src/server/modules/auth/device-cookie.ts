import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const DEVICE_COOKIE = 'nazenk_device';
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export interface Device {
  username: string;
  nonce: string;
}

/**
 * OWASP's device cookie: `<username>.<nonce>.<signature>`, given to a browser after a successful sign-in.
 * A browser that shows one for the username it signs in with is counted on its own, so attacks on that
 * username from elsewhere cannot lock it out.
 */
export function deviceCookies(secretKey: string) {
  const key = createHmac('sha256', secretKey).update('nazenk device cookie').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    issue(username: string): string {
      const payload = `${Buffer.from(username).toString('base64url')}.${randomBytes(16).toString('base64url')}`;
      return `${payload}.${mac(payload)}`;
    },
    /** The device the cookie names, or null when it is absent, malformed or not signed by this server. */
    read(value: string | undefined): Device | null {
      const parts = value?.split('.');
      if (parts?.length !== 3) return null;
      const [user, nonce, signature] = parts as [string, string, string];
      const expected = Buffer.from(mac(`${user}.${nonce}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { username: Buffer.from(user, 'base64url').toString(), nonce };
    },
  };
}

export type DeviceCookies = ReturnType<typeof deviceCookies>;
