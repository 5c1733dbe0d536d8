import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';

describe.each(testDialects())('active banners and their counters on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let clock = new Date('2026-06-15T12:00:00Z');
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: () => clock });
    cookie = await t.signIn();
  });
  afterAll(async () => t.close());

  let n = 0;
  const banner = async (fields: Record<string, unknown>): Promise<number> => {
    n += 1;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/banners',
      headers: { cookie },
      payload: { title: `بنر ${n}`, imageUrl: `/media/images/banners/b${n}.png`, ...fields },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  };
  const activeIds = async (query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/banners/active${query}` });
    expect(res.statusCode).toBe(200);
    return (res.json().data as Array<{ id: number }>).map((b) => b.id);
  };

  it('lists only active banners within their dates today, priority 10 first', async () => {
    clock = new Date('2026-06-15T23:59:00Z');
    const low = await banner({ priority: 1, position: 'sidebar' });
    const high = await banner({ priority: 10, position: 'sidebar' });
    const mid = await banner({
      priority: 5,
      startDate: '2026-06-15',
      endDate: '2026-06-15',
      position: 'sidebar',
    });
    const inactive = await banner({ priority: 9, isActive: false, position: 'sidebar' });
    const future = await banner({ priority: 9, startDate: '2026-06-16', position: 'sidebar' });
    const past = await banner({ priority: 9, endDate: '2026-06-14', position: 'sidebar' });
    const ids = (await activeIds('?position=sidebar')).filter((id) =>
      [low, high, mid, inactive, future, past].includes(id),
    );
    expect(ids).toEqual([high, mid, low]);

    clock = new Date('2026-06-16T00:00:01Z');
    const tomorrow = await activeIds('?position=sidebar');
    expect(tomorrow).toContain(future);
    expect(tomorrow).not.toContain(mid);
  });

  it('filters by position and hides the counters', async () => {
    clock = new Date('2026-06-15T12:00:00Z');
    const popup = await banner({ position: 'popup' });
    const footer = await banner({ position: 'footer' });
    const res = await t.app.inject({ method: 'GET', url: '/api/banners/active?position=popup' });
    const data = res.json().data as Array<Record<string, unknown>>;
    expect(data.map((b) => b.id)).toContain(popup);
    expect(data.map((b) => b.id)).not.toContain(footer);
    expect(data[0]).not.toHaveProperty('clickCount');
    expect(data[0]).not.toHaveProperty('impressionCount');
    const bad = await t.app.inject({ method: 'GET', url: '/api/banners/active?position=middle' });
    expect(bad.statusCode).toBe(400);
  });

  it('counts impressions and clicks that the banner screen then shows', async () => {
    clock = new Date('2026-06-15T12:00:00Z');
    const id = await banner({});
    const post = (what: string) => t.app.inject({ method: 'POST', url: `/api/banners/${id}/${what}` });
    await Promise.all(Array.from({ length: 20 }, () => post('impression')));
    const click = await post('click');
    expect(click.statusCode).toBe(200);
    expect(click.json()).toEqual({ success: true, data: { id, count: 1 } });
    const admin = await t.app.inject({ method: 'GET', url: `/api/banners/${id}`, headers: { cookie } });
    expect(admin.json()).toMatchObject({ impressionCount: 20, clickCount: 1 });
  });

  it('refuses counting a missing, inactive or out-of-date banner and changes nothing', async () => {
    clock = new Date('2026-06-15T12:00:00Z');
    const inactive = await banner({ isActive: false });
    const expired = await banner({ endDate: '2026-01-01' });
    for (const id of [inactive, expired, 2_000_000_000]) {
      for (const what of ['impression', 'click']) {
        const res = await t.app.inject({ method: 'POST', url: `/api/banners/${id}/${what}` });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
      }
    }
    for (const id of [inactive, expired]) {
      const admin = await t.app.inject({ method: 'GET', url: `/api/banners/${id}`, headers: { cookie } });
      expect(admin.json()).toMatchObject({ impressionCount: 0, clickCount: 0 });
    }
    const bad = await t.app.inject({ method: 'POST', url: '/api/banners/abc/click' });
    expect(bad.statusCode).toBe(400);
  });
});
