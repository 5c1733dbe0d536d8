import { beforeAll, describe, expect, it } from 'vitest';
import { useApiTestApp } from '../testing/api-test-app';
import { testDialects } from '../testing/databases';
import { typedClient } from '../testing/typed-client';
import type { AuditRecord } from './record';
import { auditLogRepo } from './repo';
import { pruneAuditLog } from './retention';

const entry = (
  at: string,
  fields: Partial<AuditRecord & { adminId: number; adminUsername: string }> = {},
) => ({
  at,
  adminId: 1,
  adminUsername: 'admin',
  resource: 'artists',
  recordId: 7,
  recordLabel: 'نور محمد',
  action: 'update',
  ...fields,
  changes: JSON.stringify(fields.changes ?? [{ field: 'name', before: 'نور', after: 'نور محمد' }]),
});

describe.each(testDialects())('audit log screen API on %s', (dialect) => {
  const t = useApiTestApp(dialect);
  const api = () => typedClient(t.app, { cookie: t.cookie });

  beforeAll(async () => {
    await t.database.db
      .insertInto('auditLog')
      .values([
        entry('2026-03-01T10:00:00.000Z'),
        entry('2026-03-02T23:59:59.999Z', { action: 'delete', resource: 'songs', recordLabel: 'لیلا' }),
        entry('2026-03-03T00:00:00.000Z', { adminId: 2, adminUsername: 'shireen', action: 'create' }),
        entry('2026-03-04T08:00:00.000Z', { resource: 'settings', recordId: null, recordLabel: null }),
      ])
      .execute();
  });

  it('pages newest first with the total in X-Total-Count, and parses the changes', async () => {
    const { data, response } = await api().GET('/api/audit-log', { params: { query: { limit: 2 } } });
    expect(response.headers.get('x-total-count')).toBe('4');
    expect(data?.map((e) => e.at)).toEqual(['2026-03-04T08:00:00.000Z', '2026-03-03T00:00:00.000Z']);
    const second = await api().GET('/api/audit-log', { params: { query: { limit: 2, offset: 2 } } });
    expect(second.data?.map((e) => e.at)).toEqual(['2026-03-02T23:59:59.999Z', '2026-03-01T10:00:00.000Z']);
    expect(second.data?.[1]).toMatchObject({
      recordLabel: 'نور محمد',
      changes: [{ field: 'name', before: 'نور', after: 'نور محمد' }],
    });
  });

  it('filters by admin, resource, action and UTC days (both ends included)', async () => {
    const ats = async (query: Record<string, string | number>) => {
      const { data, response } = await api().GET('/api/audit-log', { params: { query } });
      return { ats: data?.map((e) => e.at.slice(0, 10)), total: response.headers.get('x-total-count') };
    };
    expect(await ats({ adminId: 2 })).toEqual({ ats: ['2026-03-03'], total: '1' });
    expect(await ats({ resource: 'songs' })).toEqual({ ats: ['2026-03-02'], total: '1' });
    expect(await ats({ action: 'update', sort: 'oldest' })).toEqual({
      ats: ['2026-03-01', '2026-03-04'],
      total: '2',
    });
    expect(await ats({ from: '2026-03-02', to: '2026-03-03' })).toEqual({
      ats: ['2026-03-03', '2026-03-02'],
      total: '2',
    });
    expect(await ats({ resource: 'artists', action: 'create', adminId: 2, recordId: 7 })).toMatchObject({
      total: '1',
    });
  });

  it('refuses bad filters with 400 and answers only admins', async () => {
    for (const query of [
      'resource=admins',
      'action=drop',
      'from=2026-02-30',
      'to=yesterday',
      'adminId=0x1',
    ]) {
      const res = await t.call('GET', `/api/audit-log?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/audit-log' })).statusCode).toBe(401);
  });

  it('exports the filtered entries as CSV with the changes as text', async () => {
    const res = await t.call('GET', '/api/audit-log/export.csv?resource=artists&action=update');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('ID,Time (UTC),Admin,Resource,Record ID,Record,Action,Changes');
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toContain(
      ',2026-03-01 10:00,admin,artists,7,نور محمد,update,"name: ""نور"" → ""نور محمد"""',
    );
  });

  it('lists the admins for the filter', async () => {
    const { data } = await api().GET('/api/audit-log/admins');
    expect(data).toEqual([{ id: expect.any(Number), username: 'admin' }]);
  });

  it('prunes the entries older than the retention before the injected clock', async () => {
    const log = auditLogRepo(t.database.db);
    await t.database.db
      .insertInto('auditLog')
      .values([entry('2020-01-01T00:00:00.000Z'), entry('2020-01-31T00:00:00.000Z')])
      .execute();
    const clock = () => new Date('2020-03-01T00:00:00.000Z');
    // 40 days before March 1st is January 21st: only the first entry is older.
    expect(await pruneAuditLog(log, { clock, retentionDays: 40 })).toBe(1);
    const left = await t.database.db.selectFrom('auditLog').select('at').where('at', '<', '2021').execute();
    expect(left.map((r) => r.at)).toEqual(['2020-01-31T00:00:00.000Z']);
    expect(await pruneAuditLog(log, { clock, retentionDays: 40 })).toBe(0);
    await t.database.db.deleteFrom('auditLog').where('at', '<', '2021').execute();
  });
});
