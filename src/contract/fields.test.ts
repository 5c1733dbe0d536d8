import { describe, expect, it } from 'vitest';
import { idSchema, isSafeUrl, nullableUrl, opensTag, requiredText } from './fields';

describe('strict input fields', () => {
  it.each(['1e1', '+10', '0010', '10.0', '0x10', ' 10', '10 ', '-1', '0', '', '٣', '2147483648', 'Infinity'])(
    'refuses the id %j',
    (id) => {
      expect(idSchema.safeParse(id).success).toBe(false);
    },
  );

  it('reads canonical decimal ids and JSON integers', () => {
    expect(idSchema.parse('10')).toBe(10);
    expect(idSchema.parse(16)).toBe(16);
    expect(idSchema.parse('2147483647')).toBe(2147483647);
    expect(idSchema.safeParse(1.5).success).toBe(false);
  });

  it.each([
    '<img src=x onerror=alert(1)//',
    '<script>',
    '</p',
    '<!-- x',
    '<?xml',
    'a<b',
    'نور <svg onload=alert(1)',
  ])('refuses text that opens a tag: %j', (text) => {
    expect(opensTag(text)).toBe(true);
    expect(requiredText(200, 'Required').safeParse(text).success).toBe(false);
  });

  it.each(['I <3 Balochistan', 'a < b', '<<', '< b', '1<2', 'کریم <3 بلوچ', '<', 'x <= y', 'x<-y'])(
    'keeps ordinary text with a less-than sign: %j',
    (text) => {
      expect(requiredText(200, 'Required').parse(text)).toBe(text.trim());
    },
  );

  it.each([
    'https://cdn.example.com/a.png',
    'http://localhost:3000/media/images/artists/ab/0123.jpg?x=1#y',
    'https://cdn.example.com/ب.png',
    '/media/images/artists/ab/0123456789abcdef0123456789abcdef.jpg',
    '/media/audio/a.mp3',
  ])('accepts the URL %j', (url) => {
    expect(isSafeUrl(url)).toBe(true);
  });

  it.each([
    '//evil.example/x.png',
    '/\\evil.example',
    '/media/../../secret.key',
    '/media/./x',
    '/media//x',
    '/other/x.png',
    '/x.png',
    'https://cdn.example.com/a.png"onerror="x',
    "https://cdn.example.com/a'.png",
    'https://cdn.example.com/<x>',
    'https://cdn.example.com\\@evil.example',
    'https:///x',
    'https://',
    'javascript:alert(1)',
    'ftp://x',
    'data:image/png;base64,AAAA',
    'https://a.example/x y',
  ])('refuses the URL %j', (url) => {
    expect(isSafeUrl(url)).toBe(false);
    expect(nullableUrl().safeParse(url).success).toBe(false);
  });
});
