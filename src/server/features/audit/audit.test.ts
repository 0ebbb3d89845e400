import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/client.js';
import { createTestDatabase } from '../../test-support/app.js';
import { listAudit, recordAudit } from './service.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('the audit log', () => {
  it('keeps who did what to which item, why, before and after, newest first and filtered', async () => {
    await recordAudit(database.db, {
      actorId: 'mod-1',
      action: 'content.remove',
      targetType: 'video',
      targetId: 'v1',
      reason: 'spam',
      before: { status: 'ready' },
      after: { status: 'removed' },
    });
    await recordAudit(database.db, { actorId: 'admin-1', action: 'role.grant', targetType: 'user', targetId: 'u1', after: { roles: ['moderator'] } });
    const all = await listAudit(database.db);
    expect(all.map((e) => e.action)).toEqual(['role.grant', 'content.remove']);
    expect(all[1]).toMatchObject({
      actorId: 'mod-1',
      targetType: 'video',
      targetId: 'v1',
      reason: 'spam',
      before: { status: 'ready' },
      after: { status: 'removed' },
    });
    expect((await listAudit(database.db, { actorId: 'mod-1' })).map((e) => e.targetId)).toEqual(['v1']);
    expect(await listAudit(database.db, { beforeId: all[1]!.id })).toEqual([]);
  });

  it('cannot be edited or deleted, not even through the database', async () => {
    const entry = await recordAudit(database.db, { actorId: null, action: 'bounty.expire', targetType: 'bounty', targetId: 'b1' });
    await expect(database.executeSql(`update audit_log set reason = 'rewritten' where id = $1`, [entry.id])).rejects.toThrow(/append-only/);
    await expect(database.executeSql(`delete from audit_log where id = $1`, [entry.id])).rejects.toThrow(/append-only/);
    expect((await listAudit(database.db, { targetId: 'b1' }))[0]!.reason).toBe('');
  });
});
