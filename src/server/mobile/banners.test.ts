import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';
import { typedClient } from '../testing/typed-client';

describe.each(testDialects())('active banners and their counters on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let clock = new Date('2026-06-15T12:00:00Z');
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: () => clock });
    cookie = await t.signIn();
  });
  afterAll(async () => t.close());

  /** Through the client generated from the OpenAPI document: anonymous (the app) or as the admin. */
  const app = () => typedClient(t.app);
  const admin = () => typedClient(t.app, { cookie });
  type Position = 'hero' | 'sidebar' | 'footer' | 'popup';
  type BannerFields = Partial<{
    position: Position;
    priority: number;
    isActive: boolean;
    startDate: string;
    endDate: string;
  }>;
  let n = 0;
  const banner = async (fields: BannerFields): Promise<number> => {
    n += 1;
    const res = await admin().POST('/api/banners', {
      body: { title: `بنر ${n}`, imageUrl: `/media/images/banners/b${n}.png`, ...fields },
    });
    expect(res.response.status, JSON.stringify(res.error)).toBe(201);
    return res.data?.id ?? 0;
  };
  const activeIds = async (position?: Position) => {
    const res = await app().GET('/api/banners/active', { params: { query: position ? { position } : {} } });
    expect(res.response.status).toBe(200);
    return (res.data?.data ?? []).map((b) => b.id);
  };
  const count = (id: number, what: 'impression' | 'click') =>
    what === 'click'
      ? app().POST('/api/banners/{id}/click', { params: { path: { id } } })
      : app().POST('/api/banners/{id}/impression', { params: { path: { id } } });
  const counters = async (id: number) =>
    (await admin().GET('/api/banners/{id}', { params: { path: { id } } })).data;

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
    const ids = (await activeIds('sidebar')).filter((id) =>
      [low, high, mid, inactive, future, past].includes(id),
    );
    expect(ids).toEqual([high, mid, low]);

    clock = new Date('2026-06-16T00:00:01Z');
    const tomorrow = await activeIds('sidebar');
    expect(tomorrow).toContain(future);
    expect(tomorrow).not.toContain(mid);
  });

  it('filters by position and hides the counters', async () => {
    clock = new Date('2026-06-15T12:00:00Z');
    const popup = await banner({ position: 'popup' });
    const footer = await banner({ position: 'footer' });
    const res = await app().GET('/api/banners/active', { params: { query: { position: 'popup' } } });
    const data = res.data?.data ?? [];
    expect(data.map((b) => b.id)).toContain(popup);
    expect(data.map((b) => b.id)).not.toContain(footer);
    expect(data[0]).not.toHaveProperty('clickCount');
    expect(data[0]).not.toHaveProperty('impressionCount');
    // Raw URL on purpose: the typed client only accepts the documented positions.
    const bad = await t.app.inject({ method: 'GET', url: '/api/banners/active?position=middle' });
    expect(bad.statusCode).toBe(400);
  });

  it('counts impressions and clicks that the banner screen then shows', async () => {
    clock = new Date('2026-06-15T12:00:00Z');
    const id = await banner({});
    await Promise.all(Array.from({ length: 20 }, () => count(id, 'impression')));
    const click = await count(id, 'click');
    expect(click.response.status).toBe(200);
    expect(click.data).toEqual({ success: true, data: { id, count: 1 } });
    expect(await counters(id)).toMatchObject({ impressionCount: 20, clickCount: 1 });
  });

  it('refuses counting a missing, inactive or out-of-date banner and changes nothing', async () => {
    clock = new Date('2026-06-15T12:00:00Z');
    const inactive = await banner({ isActive: false });
    const expired = await banner({ endDate: '2026-01-01' });
    for (const id of [inactive, expired, 2_000_000_000]) {
      for (const what of ['impression', 'click'] as const) {
        const res = await count(id, what);
        expect(res.response.status).toBe(404);
        expect(res.error).toMatchObject({ code: 'NOT_FOUND' });
      }
    }
    for (const id of [inactive, expired]) {
      expect(await counters(id)).toMatchObject({ impressionCount: 0, clickCount: 0 });
    }
    // Raw URL on purpose: the typed client only accepts a numeric id.
    const bad = await t.app.inject({ method: 'POST', url: '/api/banners/abc/click' });
    expect(bad.statusCode).toBe(400);
  });
});
