import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/client.js';
import { profiles, user, videos } from '../../platform/db/schema/index.js';
import { createTestDatabase } from '../../test-support/app.js';
import type { Storage } from '../../platform/storage/storage.js';
import {
  failProcessing,
  failUpload,
  finishProcessing,
  queueForProcessing,
  removeVideo,
  restartUpload,
  startProcessing,
  type VideoStatus,
} from './video-state.js';

let database: Database;
const ownerId = 'state-owner';
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(user).values({ id: ownerId, name: 'Owner', email: 'state-owner@example.com' });
  await database.db.insert(profiles).values({ id: ownerId, username: 'state_owner', displayName: 'Owner' });
}, 60_000);
afterAll(() => database.close());

async function videoIn(status: VideoStatus) {
  const [v] = await database.db.insert(videos).values({ ownerId, kind: 'long', title: 'A video', slug: 'a-video', category: 'other', status }).returning();
  return v!.id;
}
const statusOf = async (id: string) => (await database.db.select({ s: videos.status }).from(videos).where(eq(videos.id, id)))[0]?.s;

describe('video status transitions', () => {
  it('move a video from the states they name', async () => {
    const id = await videoIn('uploading');
    expect(await failUpload(database.db, id, 'Not a video')).toBe(true);
    expect(await statusOf(id)).toBe('failed');
    expect(await restartUpload(database.db, id)).toBe(true);
    expect(await startProcessing(database.db, id, 'source-key', 5)).toBe(true);
    expect(await statusOf(id)).toBe('processing');
    expect(await failProcessing(database.db, id, 'Processing failed')).toBe(true);
    expect(await statusOf(id)).toBe('failed');
    expect(await removeVideo(database.db, id)).toBe(true);
    expect(await statusOf(id)).toBe('removed');
  });

  it('refuse a stale transition from any other state and change nothing', async () => {
    const removed = await videoIn('removed');
    expect(await failProcessing(database.db, removed, 'Processing failed')).toBe(false);
    expect(await startProcessing(database.db, removed, 'source-key', 5)).toBe(false);
    expect(await removeVideo(database.db, removed)).toBe(false);
    // The end of processing checks under the row's lock, before any media moves.
    expect(await finishProcessing(database.db, {} as Storage, removed, false, { processingPercent: 100 })).toBe(false);
    expect(await statusOf(removed)).toBe('removed');

    const ready = await videoIn('ready');
    expect(await failUpload(database.db, ready, 'Upload expired')).toBe(false);
    expect(await restartUpload(database.db, ready)).toBe(false);
    expect(await queueForProcessing(database.db, ready, { sourceKey: 'other' })).toBe(false);
    const [row] = await database.db.select().from(videos).where(eq(videos.id, ready));
    expect(row).toMatchObject({ status: 'ready', failureReason: null, sourceKey: null });
  });
});
