import { describe, expect, it } from 'vitest';
import { SecretBoxError, secretBox } from './secret-box';

const KEY = 'k'.repeat(40);

describe('secret box', () => {
  it('round-trips text, Arabic script included, with a fresh IV each time', () => {
    const box = secretBox(KEY);
    const plain = 'sk_live_کلید_🔑_0123456789';
    const a = box.seal(plain, 'apiKeys.stripeSecretKey');
    const b = box.seal(plain, 'apiKeys.stripeSecretKey');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(a).not.toContain('sk_live');
    expect(box.open(a, 'apiKeys.stripeSecretKey')).toBe(plain);
    expect(box.open(box.seal('', 'x'), 'x')).toBe('');
  });

  it('refuses another key, another field, a tampered value and unknown formats', () => {
    const sealed = secretBox(KEY).seal('secret-value', 'apiKeys.a');
    expect(() => secretBox('z'.repeat(40)).open(sealed, 'apiKeys.a')).toThrow(SecretBoxError);
    expect(() => secretBox(KEY, 'stream-urls').open(sealed, 'apiKeys.a')).toThrow(SecretBoxError);
    expect(() => secretBox(KEY).open(sealed, 'apiKeys.b')).toThrow(SecretBoxError);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    const tampered = [parts[0], parts[1], parts[2], body.toString('base64url')].join('.');
    expect(() => secretBox(KEY).open(tampered, 'apiKeys.a')).toThrow(SecretBoxError);
    for (const bad of ['plain text', 'v2.a.b.c', 'v1.a.b', `${sealed}.x`]) {
      expect(() => secretBox(KEY).open(bad, 'apiKeys.a')).toThrow(SecretBoxError);
    }
  });
});
