import { describe, expect, it } from 'vitest';
import { useApiTestApp } from '../../testing/api-test-app';
import { testDialects } from '../../testing/databases';

describe.each(testDialects())('banner schedule filter on %s', (dialect) => {
  // The app's clock is pinned and moved by the tests: the filter follows it, cache included.
  let now = new Date('2025-06-15T23:30:00Z');
  const t = useApiTestApp(dialect, { clock: () => now });
  const { call } = t;

  const titles = async (query: string) => {
    const res = await call('GET', `/api/banners?sort=oldest&limit=1000&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().map((b: { title: string }) => b.title);
    expect(res.headers['x-total-count']).toBe(String(rows.length));
    return rows;
  };

  it('splits banners into running, scheduled and expired by their dates against the clock', async () => {
    const tag = 'جدول';
    for (const [title, startDate, endDate, isActive] of [
      ['no dates', null, null, true],
      ['starts today', '2025-06-15', null, true],
      ['ends today', null, '2025-06-15', false],
      ['one day, today', '2025-06-15', '2025-06-15', true],
      ['running week', '2025-06-10', '2025-06-20', true],
      ['starts tomorrow', '2025-06-16', '2025-06-30', true],
      ['open start, future end', null, '2025-07-01', true],
      ['ended yesterday', '2025-06-01', '2025-06-14', true],
      ['ended long ago', null, '2024-01-01', false],
    ] as const) {
      const res = await call('POST', '/api/banners', {
        title: `${tag} ${title}`,
        imageUrl: '/media/images/x.png',
        startDate,
        endDate,
        isActive,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const q = `q=${encodeURIComponent(tag)}`;
    const strip = (rows: string[]) => rows.map((r) => r.slice(tag.length + 1));

    expect(strip(await titles(`${q}&schedule=running`))).toEqual([
      'no dates',
      'starts today',
      'ends today',
      'one day, today',
      'running week',
      'open start, future end',
    ]);
    expect(strip(await titles(`${q}&schedule=scheduled`))).toEqual(['starts tomorrow']);
    expect(strip(await titles(`${q}&schedule=expired`))).toEqual(['ended yesterday', 'ended long ago']);
    // Combined with the other filters.
    expect(strip(await titles(`${q}&schedule=running&active=false`))).toEqual(['ends today']);
    expect(strip(await titles(`${q}&schedule=expired&active=true&position=hero`))).toEqual([
      'ended yesterday',
    ]);

    // A day later (UTC) the same filters give other rows, at once (the cached totals are per day).
    now = new Date('2025-06-16T00:00:01Z');
    expect(strip(await titles(`${q}&schedule=scheduled`))).toEqual([]);
    expect(strip(await titles(`${q}&schedule=expired`))).toEqual([
      'ends today',
      'one day, today',
      'ended yesterday',
      'ended long ago',
    ]);
    expect(await titles(`${q}&schedule=running`)).toHaveLength(5);
  });

  it('refuses an unknown schedule', async () => {
    for (const value of ['now', 'RUNNING', '']) {
      const res = await call('GET', `/api/banners?schedule=${value}`);
      expect(res.statusCode, value).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });
});
