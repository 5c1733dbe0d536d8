import { describe, expect, it } from 'vitest';
import { useApiTestApp } from '../../testing/api-test-app';
import { testDialects } from '../../testing/databases';

describe.each(testDialects())('banners API on %s', (dialect) => {
  const t = useApiTestApp(dialect);

  const { call } = t;
  const total = async () => (await call('GET', '/api/banners')).headers['x-total-count'];
  const titles = async (url: string) =>
    (await call('GET', url)).json().map((b: { title: string }) => b.title);
  const valid = { title: 'Eid release', imageUrl: '/media/images/eid.jpg' };

  it('creates a banner with the documented defaults, empty text stored as null', async () => {
    const res = await call('POST', '/api/banners', {
      ...valid,
      description: '',
      targetUrl: ' ',
      startDate: '',
      endDate: '',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Eid release',
      description: null,
      imageUrl: '/media/images/eid.jpg',
      targetUrl: null,
      position: 'hero',
      startDate: null,
      endDate: null,
      priority: 1,
      isActive: true,
      clickCount: 0,
      impressionCount: 0,
    });
    expect(typeof res.json().id).toBe('number');
  });

  it('refuses HTML tags in text with the field named', async () => {
    const before = await total();
    for (const [field, value] of [
      ['title', '<img src=x onerror=alert(1)> Sale'],
      ['description', 'نوکیں سازءُ <script>alert("x")</script>'],
    ] as const) {
      const res = await call('POST', '/api/banners', { ...valid, [field]: value });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([{ field, message: 'Must not contain HTML tags' }]);
    }
    expect(await total()).toBe(before);
  });

  it('stores every field as given, dates cut to the day, SQL-looking text verbatim', async () => {
    const body = {
      title: "Robert'); DROP TABLE banners;-- a < b",
      description: 'نوکیں سازءُ "x" & 1=1',
      imageUrl: 'https://cdn.example.com/b.png',
      targetUrl: "https://example.com/promo?a=1&b=2&name=O'Neil#top",
      position: 'popup',
      startDate: '2025-03-01T10:00:00Z',
      endDate: '2025-03-31',
      priority: 10,
      isActive: false,
    };
    const res = await call('POST', '/api/banners', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ ...body, startDate: '2025-03-01' });
    expect((await call('GET', `/api/banners/${res.json().id}`)).json()).toMatchObject({ title: body.title });
  });

  it('rejects bad bodies with the field named and stores nothing', async () => {
    const before = await total();
    const cases: Array<[unknown, string, string?]> = [
      [{ imageUrl: valid.imageUrl }, 'title', 'Banner title is required'],
      [{ ...valid, title: '   ' }, 'title', 'Banner title is required'],
      [{ title: 'No image' }, 'imageUrl', 'Banner image is required'],
      [{ title: 'No image', imageUrl: '' }, 'imageUrl', 'Banner image is required'],
      [{ ...valid, imageUrl: 'not a url' }, 'imageUrl'],
      [{ ...valid, title: 'x'.repeat(201) }, 'title'],
      [{ ...valid, description: 'x'.repeat(2001) }, 'description'],
      [{ ...valid, targetUrl: 'javascript:alert(1)' }, 'targetUrl'],
      [{ ...valid, targetUrl: 'JavaScript://x.com/%0Aalert(1)' }, 'targetUrl'],
      [{ ...valid, targetUrl: 'data:text/html,<script>alert(1)</script>' }, 'targetUrl'],
      [{ ...valid, targetUrl: 'https://x.com/"><script>alert(1)</script>' }, 'targetUrl'],
      [{ ...valid, targetUrl: 'https://x.com/a b' }, 'targetUrl'],
      [{ ...valid, targetUrl: 'https://x.com/\\evil' }, 'targetUrl'],
      [{ ...valid, targetUrl: 'https://' }, 'targetUrl'],
      [{ ...valid, targetUrl: '/media/images/x.png' }, 'targetUrl'],
      [
        { ...valid, targetUrl: 'example.com' },
        'targetUrl',
        'Target URL must be a full http:// or https:// address',
      ],
      [
        { ...valid, targetUrl: `https://x.com/${'a'.repeat(2048)}` },
        'targetUrl',
        'Target URL must be at most 2048 characters',
      ],
      [{ ...valid, targetUrl: 42 }, 'targetUrl'],
      [{ ...valid, position: 'top' }, 'position', 'Position must be one of hero, sidebar, footer, popup'],
      [{ ...valid, priority: 0 }, 'priority', 'Priority must be between 1 and 10'],
      [{ ...valid, priority: 11 }, 'priority', 'Priority must be between 1 and 10'],
      [{ ...valid, priority: -3 }, 'priority'],
      [{ ...valid, priority: null }, 'priority'],
      [{ ...valid, priority: 2.5 }, 'priority'],
      [{ ...valid, priority: '5' }, 'priority'],
      [{ ...valid, isActive: 'yes' }, 'isActive'],
      [{ ...valid, title: 42 }, 'title'],
      [{ ...valid, startDate: '2025-02-30' }, 'startDate'],
      [{ ...valid, endDate: 'next week' }, 'endDate'],
      [{ ...valid, startDate: '2025-05-10', endDate: '2025-05-09' }, 'endDate'],
      [{ ...valid, clickCount: 5 }, 'clickCount'],
    ];
    // The same rules guard a full PUT, which leaves the stored banner as it was.
    const stored = (await call('POST', '/api/banners', { ...valid, title: 'بہار' })).json();
    for (const [body, field] of cases) {
      if (typeof body !== 'object' || body === null || !('title' in body)) continue;
      const res = await call('PUT', `/api/banners/${stored.id}`, body);
      expect(res.statusCode, `PUT ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect((await call('GET', `/api/banners/${stored.id}`)).json()).toEqual(stored);
    await call('DELETE', `/api/banners/${stored.id}`);
    for (const [body, field, message] of cases) {
      const res = await call('POST', '/api/banners', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      const fields = res.json().details.map((d: { field: string }) => d.field);
      expect(fields, JSON.stringify(body).slice(0, 80)).toContain(field);
      if (message) expect(res.json().details.map((d: { message: string }) => d.message)).toContain(message);
    }
    const endBefore = await call('POST', '/api/banners', {
      ...valid,
      startDate: '2025-05-10',
      endDate: '2025-05-09',
    });
    expect(endBefore.json().details).toEqual([
      { field: 'endDate', message: 'End date must be on or after the start date' },
    ]);
    expect((await call('POST', '/api/banners', { imageUrl: '/x.png' })).json().error).toBe(
      'title: Banner title is required',
    );
    expect(await total()).toBe(before);
  });

  it('lists by priority, newest or oldest, filtered by position, active and search', async () => {
    const made: number[] = [];
    for (const b of [
      { title: 'سپتءِ شپ', description: 'كريم live', position: 'sidebar', priority: 3 },
      { title: 'Laadi week', description: 'Wedding songs', position: 'footer', priority: 7, isActive: false },
      { title: 'Zahirok nights', description: null, position: 'sidebar', priority: 7 },
    ]) {
      made.push((await call('POST', '/api/banners', { ...valid, ...b })).json().id);
    }
    const all = await call('GET', '/api/banners');
    expect(all.headers['x-total-count']).toBe(String(all.json().length));
    const priorities = all.json().map((b: { priority: number }) => b.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => b - a));
    expect(all.json()[0].priority).toBe(10);
    // Equal priority: newest first.
    expect(
      all
        .json()
        .slice(1, 3)
        .map((b: { title: string }) => b.title),
    ).toEqual(['Zahirok nights', 'Laadi week']);

    const newest = (await titles('/api/banners?sort=newest')).slice(0, 3);
    expect(newest).toEqual(['Zahirok nights', 'Laadi week', 'سپتءِ شپ']);
    expect((await titles('/api/banners?sort=oldest'))[0]).toBe('Eid release');
    expect(await titles('/api/banners?position=sidebar&sort=oldest')).toEqual(['سپتءِ شپ', 'Zahirok nights']);
    expect(await titles('/api/banners?active=false&position=footer')).toEqual(['Laadi week']);
    expect(
      (await call('GET', '/api/banners?active=true')).json().every((b: { isActive: boolean }) => b.isActive),
    ).toBe(true);
    expect(await titles(`/api/banners?q=${encodeURIComponent('کریم')}`)).toEqual(['سپتءِ شپ']);
    expect(await titles('/api/banners?q=WEDDING')).toEqual(['Laadi week']);
    expect(await titles('/api/banners?q=zahirok%20nights')).toEqual(['Zahirok nights']);
    const page = await call('GET', '/api/banners?sort=oldest&limit=2&offset=1');
    expect(page.json()).toHaveLength(2);
    expect(page.headers['x-total-count']).toBe(all.headers['x-total-count']);
    for (const url of [
      '/api/banners?position=top',
      '/api/banners?active=maybe',
      '/api/banners?sort=clicks',
    ]) {
      expect((await call('GET', url)).statusCode, url).toBe(400);
    }
  });

  it('replaces a banner with the full body and keeps its counters', async () => {
    const id = (await call('POST', '/api/banners', { ...valid, position: 'footer', priority: 4 })).json().id;
    await t.database.db
      .updateTable('banners')
      .set({ clickCount: 12, impressionCount: 3400 })
      .where('id', '=', id)
      .execute();
    const res = await call('PUT', `/api/banners/${id}`, {
      title: 'لاڑی',
      imageUrl: '/media/images/new.png',
      description: 'New text',
      startDate: '2025-06-01',
      endDate: '2025-06-01',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      title: 'لاڑی',
      description: 'New text',
      position: 'hero',
      priority: 1,
      isActive: true,
      startDate: '2025-06-01',
      endDate: '2025-06-01',
      clickCount: 12,
      impressionCount: 3400,
    });
    expect(await titles(`/api/banners?q=${encodeURIComponent('لاڑی')}`)).toEqual(['لاڑی']);
  });

  it('toggles the active flag alone, and tells a bad toggle from a bad full body', async () => {
    const created = (
      await call('POST', '/api/banners', { ...valid, title: 'Toggle me', priority: 6 })
    ).json();
    const off = await call('PUT', `/api/banners/${created.id}`, { isActive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ ...created, isActive: false });

    const badToggle = await call('PUT', `/api/banners/${created.id}`, { isActive: 'no' });
    expect(badToggle.statusCode).toBe(400);
    expect(badToggle.json().details.map((d: { field: string }) => d.field)).toEqual(['isActive']);

    const badFull = await call('PUT', `/api/banners/${created.id}`, { isActive: true, title: '' });
    expect(badFull.statusCode).toBe(400);
    expect(
      badFull
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['imageUrl', 'title']);

    for (const body of [{}, [], { isActive: true, extra: 1 }, { ...valid, priority: 99 }]) {
      const res = await call('PUT', `/api/banners/${created.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect((await call('GET', `/api/banners/${created.id}`)).json()).toEqual({ ...created, isActive: false });
  });

  it('answers 404 for missing banners and 400 for bad ids', async () => {
    expect((await call('GET', '/api/banners/999999')).json()).toMatchObject({
      code: 'NOT_FOUND',
      error: 'Banner not found',
    });
    expect((await call('PUT', '/api/banners/999999', { isActive: true })).statusCode).toBe(404);
    expect((await call('PUT', '/api/banners/999999', valid)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/banners/999999')).statusCode).toBe(404);
    expect((await call('GET', '/api/banners/0')).statusCode).toBe(400);
    expect((await call('GET', '/api/banners/1.5')).statusCode).toBe(400);
  });

  it('deletes a banner', async () => {
    const id = (await call('POST', '/api/banners', valid)).json().id;
    const before = Number(await total());
    expect((await call('DELETE', `/api/banners/${id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/banners/${id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/banners/${id}`)).statusCode).toBe(404);
    expect(Number(await total())).toBe(before - 1);
  });
});
