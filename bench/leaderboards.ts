// Leaderboard query times on a busy database, for every board and window. Run by `npm run bench`.
// The data is made in bulk by SQL (generate_series): 10,000 people, 100,000 finalized tips over
// 90 days (and 20,000 that never finalized), 200,000 dated views of 20,000 videos over 60 days,
// 100,000 follows over 90 days. Amounts and popularity are skewed, as they are on a real site.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/platform/db/client.js';
import { getLeaderboard } from '../src/server/features/leaderboards/service.js';
import { LEADERBOARD_BOARDS, LEADERBOARD_WINDOWS } from '../src/shared/leaderboards/leaderboards.js';

export const LEADERBOARD_BENCH = { users: 10_000, tips: 100_000, videos: 20_000, views: 200_000, follows: 100_000 } as const;

export interface TimedRow {
  name: string;
  samples: number[];
  wallMs: number;
}

/** On in-memory PGlite, or on the (empty) PostgreSQL database of `databaseUrl`. */
export async function leaderboardBenchmarks(samples = 30, databaseUrl?: string): Promise<TimedRow[]> {
  const database = await openDatabase({ pgliteDir: 'memory://', databaseUrl });
  await database.migrate();
  const { db } = database;
  const { users, tips, videos, views, follows } = LEADERBOARD_BENCH;
  // A popular few: x^3 of a uniform x puts most of the weight on the first ids.
  const skewed = (n: number) => sql.raw(`(1 + floor(${n} * power(random(), 3)))::int`);
  const t0 = performance.now();
  await db.execute(sql`select setseed(0.42)`);
  await db.execute(sql`insert into auth_user (id, name, email, email_verified, username)
    select 'b' || g, 'bench' || g, 'bench' || g || '@example.com', true, 'bench' || g from generate_series(1, ${users}) g`);
  await db.execute(sql`insert into profiles (id, username, display_name) select 'b' || g, 'bench' || g, 'Bench ' || g from generate_series(1, ${users}) g`);
  const payment = (status: string, n: number) =>
    db.execute(sql`insert into payments (kind, payer_id, payee_id, payer_wallet, payee_wallet, lamports, status, signature, created_at, submitted_at, finalized_at)
      select 'tip', 'b' || ${skewed(users)}, 'b' || ${skewed(users)}, 'payer', 'payee', (1000000 + floor(random() * 2000000000))::bigint,
        ${status}::payment_status, ${status} || g, t, t, case when ${status} = 'finalized' then t end
      from (select g, now() - random() * interval '90 days' as t from generate_series(1, ${n}) g) s`);
  await payment('finalized', tips);
  await payment('pending', tips / 10);
  await payment('failed', tips / 10);
  await db.execute(sql`insert into videos (id, owner_id, kind, title, slug, category, status, views)
    select ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'b' || ${skewed(users)}, 'long', 'Bench video', 'bench-video', 'trading', 'ready', 0
    from generate_series(1, ${videos}) g`);
  await db.execute(sql`insert into video_views (video_id, viewer_key, window_start, viewed_at)
    select ('00000000-0000-4000-8000-' || lpad(${skewed(videos)}::text, 12, '0'))::uuid, 'viewer' || g,
      to_timestamp(floor(extract(epoch from t) / 21600) * 21600), t
    from (select g, now() - random() * interval '60 days' as t from generate_series(1, ${views}) g) s`);
  // Views of all time: what the dated rows counted, and as much again from before them.
  await db.execute(
    sql`update videos v set views = c.n * 2 from (select video_id, count(*)::int as n from video_views group by video_id) c where c.video_id = v.id`,
  );
  await db.execute(sql`insert into follows (follower_id, followee_id, created_at)
    select 'b' || (1 + floor(random() * ${users})::int), 'b' || ${skewed(users)}, now() - random() * interval '90 days'
    from generate_series(1, ${follows}) g
    on conflict do nothing`);
  await db.execute(sql`analyze`);
  const setupMs = performance.now() - t0;

  const rows: TimedRow[] = [];
  for (const board of LEADERBOARD_BOARDS) {
    for (const window of LEADERBOARD_WINDOWS) {
      const viewerId = `b${Math.floor(users / 2)}`;
      for (let i = 0; i < 3; i++) await getLeaderboard(db, { board, window, viewerId }); // warm up
      const times: number[] = [];
      const started = performance.now();
      for (let i = 0; i < samples; i++) {
        const t = performance.now();
        await getLeaderboard(db, { board, window, viewerId });
        times.push(performance.now() - t);
      }
      rows.push({ name: `leaderboard ${board} ${window}`, samples: times, wallMs: performance.now() - started });
    }
  }
  await database.close();
  rows[0]!.name += ` (${users} people, ${tips} finalized tips, ${views} views, ${follows} follows; made in ${(setupMs / 1000).toFixed(1)} s)`;
  return rows;
}
