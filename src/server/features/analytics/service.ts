import { and, asc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import {
  dayOf,
  daysBetween,
  periodRange,
  RAW_REPORT_DAYS,
  REPORT_SLACK_SECONDS,
  RETENTION_POINTS,
  VIEW_SOURCES,
  type AnalyticsDay,
  type AnalyticsOverview,
  type AnalyticsPeriod,
  type AnalyticsTotals,
  type Earning,
  type Retention,
  type ViewSource,
} from '../../../shared/analytics/analytics.js';
import { lamportsToSol } from '../../../shared/payments/sol.js';
import { microsToUsdc } from '../../../shared/x402/x402-rules.js';
import { user } from '../../access/schema.js';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/http/errors.js';
import { videos } from '../videos/schema.js';
import { creatorDaily, playbackReports, retentionDaily, rollupState, sourceDaily, videoDaily } from './schema.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export const ROLLUP_QUEUE = 'analytics-rollup';

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(q: Promise<unknown>): Promise<T[]> => ((await q) as Rows<T>).rows;

// ---------------------------------------------------------------- playback reports

/** Stores one playback report (the heartbeat route checks the video and leaves out its owner). */
export async function recordPlayback(
  db: Db,
  report: { videoId: string; viewerKey: string; playbackId: string; positionSeconds: number },
  at = new Date(),
): Promise<void> {
  await db.insert(playbackReports).values({ ...report, reportedAt: at });
}

// ---------------------------------------------------------------- the roll-up

const startOf = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * Rolls one UTC day up from the raw rows into the daily and per-position tables, replacing what
 * was there: views and viewers from the view counter's own rows (`video_views`, the count the public
 * pages show), watch time and retention from the playback reports, follows from `follow_changes`.
 *
 * Watch time: each report credits the stretch of the video since the same playback's last report,
 * never more than the wall-clock time between them (plus a little slack): a seek forward credits
 * only the time actually spent, a paused tab nothing, a forged position jump no more than the clock.
 */
export async function rollUpDay(db: Db, day: string): Promise<void> {
  const start = startOf(day);
  const end = new Date(start.getTime() + DAY_MS);
  // A playback that began before midnight: its previous report is read too (an hour back).
  const lookBack = new Date(start.getTime() - HOUR_MS);
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from ${videoDaily} where ${videoDaily.day} = ${day}`);
    await tx.execute(sql`delete from ${creatorDaily} where ${creatorDaily.day} = ${day}`);
    await tx.execute(sql`delete from ${sourceDaily} where ${sourceDaily.day} = ${day}`);
    await tx.execute(sql`delete from ${retentionDaily} where ${retentionDaily.day} = ${day}`);
    await tx.execute(sql`
      create temp table analytics_segments on commit drop as
      with r as (
        select video_id, viewer_key, position_seconds as p, reported_at as t,
          lag(position_seconds) over w as pp,
          extract(epoch from reported_at - lag(reported_at) over w) as wall
        from analytics_playback_reports
        where reported_at >= ${lookBack.toISOString()}::timestamptz and reported_at < ${end.toISOString()}::timestamptz
        window w as (partition by video_id, viewer_key, playback_id order by reported_at, id)
      ), c as (
        select r.video_id, r.viewer_key, r.t, v.duration_seconds::float8 as dur, r.pp,
          least(r.p, coalesce(v.duration_seconds, r.p))::float8 as to_s,
          case when r.p >= r.pp and r.p - r.pp <= r.wall + ${REPORT_SLACK_SECONDS} then r.pp
               else r.p - least(r.wall, r.p) end::float8 as from_s
        from r join videos v on v.id = r.video_id
        where r.t >= ${start.toISOString()}::timestamptz
      )
      select video_id, viewer_key, t, dur, to_s,
        case when pp is null then null else least(greatest(from_s, 0), to_s) end as from_s
      from c`);
    await tx.execute(sql`
      with vw as (
        select video_id, count(*)::int as views, count(distinct viewer_key)::int as viewers
        from video_views
        where viewer_key not like 'share:%' and viewed_at >= ${start.toISOString()}::timestamptz and viewed_at < ${end.toISOString()}::timestamptz
        group by video_id
      ), w as (
        -- One viewer's playbacks side by side (tabs, a script) credit no more than the clock ran.
        select video_id, sum(watch) as watch from (
          select video_id, least(coalesce(sum(to_s - from_s), 0), extract(epoch from max(t) - min(t)) + ${REPORT_SLACK_SECONDS}) as watch
          from analytics_segments group by video_id, viewer_key
        ) per_viewer group by video_id
      ), j as (
        select coalesce(vw.video_id, w.video_id) as video_id, coalesce(vw.views, 0) as views, coalesce(vw.viewers, 0) as viewers, coalesce(w.watch, 0) as watch
        from vw full join w on w.video_id = vw.video_id
      )
      insert into analytics_video_daily (video_id, owner_id, day, views, viewers, watch_seconds)
      select j.video_id, v.owner_id, ${day}::date, j.views, j.viewers, j.watch from j join videos v on v.id = j.video_id`);
    await tx.execute(sql`
      with vw as (
        select v.owner_id, count(*)::int as views, count(distinct vv.viewer_key)::int as viewers
        from video_views vv join videos v on v.id = vv.video_id
        where vv.viewer_key not like 'share:%' and vv.viewed_at >= ${start.toISOString()}::timestamptz and vv.viewed_at < ${end.toISOString()}::timestamptz
        group by v.owner_id
      ), w as (
        select owner_id, sum(watch_seconds) as watch from analytics_video_daily where day = ${day}::date group by owner_id
      ), f as (
        select followee_id as owner_id, count(*) filter (where change > 0)::int as gained, count(*) filter (where change < 0)::int as lost
        from follow_changes where at >= ${start.toISOString()}::timestamptz and at < ${end.toISOString()}::timestamptz
        group by followee_id
      )
      insert into analytics_creator_daily (owner_id, day, views, viewers, watch_seconds, followers_gained, followers_lost)
      select coalesce(vw.owner_id, w.owner_id, f.owner_id), ${day}::date, coalesce(vw.views, 0), coalesce(vw.viewers, 0),
        coalesce(w.watch, 0), coalesce(f.gained, 0), coalesce(f.lost, 0)
      from vw full join w on w.owner_id = vw.owner_id full join f on f.owner_id = coalesce(vw.owner_id, w.owner_id)`);
    await tx.execute(sql`
      insert into analytics_source_daily (owner_id, day, source, views)
      select v.owner_id, ${day}::date, coalesce(vv.source, 'other'), count(*)::int
      from video_views vv join videos v on v.id = vv.video_id
      where vv.viewer_key not like 'share:%' and vv.viewed_at >= ${start.toISOString()}::timestamptz and vv.viewed_at < ${end.toISOString()}::timestamptz
      group by v.owner_id, coalesce(vv.source, 'other')`);
    // Retention: a viewer played through a hundredth of the video when a credited stretch covers
    // its middle. Each viewer counts once a day however often they watched; point -1 holds how
    // many started it.
    await tx.execute(sql`
      insert into analytics_retention_daily (video_id, day, point, viewers)
      select video_id, ${day}::date, point, count(distinct viewer_key)::int from (
        select s.video_id, s.viewer_key, g.point
        from analytics_segments s
        cross join lateral generate_series(
          greatest(0, ceil(s.from_s * ${RETENTION_POINTS} / s.dur - 0.5))::int,
          least(${RETENTION_POINTS - 1}, floor(s.to_s * ${RETENTION_POINTS} / s.dur - 0.5))::int
        ) as g(point)
        where s.dur > 0 and s.from_s is not null and s.to_s > s.from_s
        union all
        select video_id, viewer_key, -1 from analytics_segments where dur > 0
      ) x group by video_id, point`);
  });
}

/**
 * The job: rolls up every day touched since the last run (from an hour before it, so rows that
 * committed late are counted), records how far it got, and forgets raw reports older than
 * `RAW_REPORT_DAYS`. The first run rolls up every day the raw rows still hold.
 */
export async function rollUp(db: Db, now = new Date()): Promise<{ days: string[]; pruned: number }> {
  const [state] = await db.select().from(rollupState).where(eq(rollupState.id, 1));
  let from: Date;
  if (state) from = new Date(state.rolledUpAt.getTime() - HOUR_MS);
  else {
    const [first] = await rowsOf<{ at: string | Date | null }>(
      db.execute(sql`select least(
        (select min(reported_at) from analytics_playback_reports),
        (select min(viewed_at) from video_views where viewer_key not like 'share:%'),
        (select min(at) from follow_changes)) as at`),
    );
    from = first?.at ? new Date(first.at) : now;
  }
  const days = daysBetween(dayOf(from), dayOf(now));
  for (const day of days) await rollUpDay(db, day);
  await db
    .insert(rollupState)
    .values({ id: 1, rolledUpAt: now })
    .onConflictDoUpdate({ target: rollupState.id, set: { rolledUpAt: now } });
  const pruned = await db
    .delete(playbackReports)
    .where(lt(playbackReports.reportedAt, new Date(now.getTime() - RAW_REPORT_DAYS * DAY_MS)))
    .returning({ id: playbackReports.id });
  return { days, pruned: pruned.length };
}

// ---------------------------------------------------------------- the studio's reads (roll-ups only)

interface DayRow {
  day: string;
  views: number;
  viewers: number;
  watchSeconds: number;
  followersGained: number;
  followersLost: number;
}

interface EarningRow {
  day: string;
  kind: 'tip' | 'bounty' | 'sale';
  itemType: string;
  itemId: string | null;
  itemTitle: string | null;
  amount: string;
}

/** The most earnings rows an answer lists (the charts add up all of them). */
const EARNINGS_LIST_LIMIT = 2000;

/** Tips and bounty rewards (finalized, SOL) and x402 sales (settled, USDC) of a creator, by day and item. */
async function earningsOf(db: Db, ownerId: string, from: string, to: string): Promise<EarningRow[]> {
  const start = startOf(from).toISOString();
  const end = new Date(startOf(to).getTime() + DAY_MS).toISOString();
  return rowsOf<EarningRow>(
    db.execute(sql`
      select * from (
        select to_char(p.finalized_at at time zone 'UTC', 'YYYY-MM-DD') as day,
          p.kind::text as kind,
          case when p.kind = 'bounty' then 'bounty' else coalesce(p.content_type, 'profile') end as "itemType",
          case when p.kind = 'bounty' then p.bounty_id::text else p.content_id end as "itemId",
          case when p.kind = 'bounty' then b.title
               when p.content_type = 'livestream' then (select l.title from livestreams l where l.id::text = p.content_id)
               when p.content_type is null then null
               else (select v.title from videos v where v.id::text = p.content_id) end as "itemTitle",
          p.lamports::text as amount,
          p.finalized_at as at
        from payments p left join bounties b on b.id = p.bounty_id
        where p.payee_id = ${ownerId} and p.status = 'finalized'
          and p.finalized_at >= ${start}::timestamptz and p.finalized_at < ${end}::timestamptz
        union all
        select to_char(s.settled_at at time zone 'UTC', 'YYYY-MM-DD'), 'sale',
          case when v.kind = 'short' then 'short_video' else 'glint_video' end, v.id::text, v.title,
          s.amount_micro_usdc::text, s.settled_at
        from video_purchases s join videos v on v.id = s.video_id
        where v.owner_id = ${ownerId} and s.status = 'settled'
          and s.settled_at >= ${start}::timestamptz and s.settled_at < ${end}::timestamptz
      ) e order by at desc`),
  );
}

const sumLamports = (rows: EarningRow[], kind: 'tip' | 'bounty') => rows.filter((r) => r.kind === kind).reduce((a, r) => a + BigInt(r.amount), 0n);
const sumMicros = (rows: EarningRow[]) => rows.filter((r) => r.kind === 'sale').reduce((a, r) => a + Number(r.amount), 0);

function totalsOf(days: DayRow[], earnings: EarningRow[]): AnalyticsTotals {
  const views = days.reduce((a, d) => a + d.views, 0);
  const watchSeconds = days.reduce((a, d) => a + d.watchSeconds, 0);
  return {
    views,
    watchSeconds,
    averageViewSeconds: views ? watchSeconds / views : 0,
    followersGained: days.reduce((a, d) => a + d.followersGained, 0),
    followersLost: days.reduce((a, d) => a + d.followersLost, 0),
    tipsSol: lamportsToSol(sumLamports(earnings, 'tip')),
    bountySol: lamportsToSol(sumLamports(earnings, 'bounty')),
    salesUsdc: microsToUsdc(sumMicros(earnings)),
  };
}

const ITEM_FALLBACK: Record<string, string> = {
  profile: 'Your profile',
  bounty: 'A bounty',
  livestream: 'A stream',
  glint_video: 'A video',
  short_video: 'A short',
};

function toEarning(r: EarningRow): Earning {
  const sale = r.kind === 'sale';
  return {
    day: r.day,
    kind: r.kind,
    itemType: r.itemType,
    itemId: r.itemId,
    itemTitle: r.itemTitle ?? ITEM_FALLBACK[r.itemType] ?? r.itemType,
    amount: sale ? microsToUsdc(Number(r.amount)) : lamportsToSol(BigInt(r.amount)),
    currency: sale ? 'USDC' : 'SOL',
  };
}

/** When the roll-up job last ran, or null before its first run. */
export async function rolledUpAt(db: Db): Promise<Date | null> {
  const [state] = await db.select().from(rollupState).where(eq(rollupState.id, 1));
  return state?.rolledUpAt ?? null;
}

/**
 * A creator's channel over a period and the same number of days before it: every chart's series,
 * read from the daily roll-ups (and the payment ledgers for earnings), never from raw reports.
 */
export async function getOverview(db: Db, ownerId: string, period: AnalyticsPeriod, now = new Date()): Promise<AnalyticsOverview> {
  const today = dayOf(now);
  const [account] = await db.select({ createdAt: user.createdAt }).from(user).where(eq(user.id, ownerId));
  const range = periodRange(period, today, account ? dayOf(account.createdAt) : today);
  const readFrom = range.previous?.from ?? range.from;

  const [dayRows, sourceRows, topRows, earningRows, previousEarnings, state] = await Promise.all([
    db
      .select({
        day: creatorDaily.day,
        views: creatorDaily.views,
        viewers: creatorDaily.viewers,
        watchSeconds: creatorDaily.watchSeconds,
        followersGained: creatorDaily.followersGained,
        followersLost: creatorDaily.followersLost,
      })
      .from(creatorDaily)
      .where(and(eq(creatorDaily.ownerId, ownerId), gte(creatorDaily.day, readFrom), lte(creatorDaily.day, range.to)))
      .orderBy(asc(creatorDaily.day)),
    db
      .select({ source: sourceDaily.source, views: sql<number>`sum(${sourceDaily.views})::int` })
      .from(sourceDaily)
      .where(and(eq(sourceDaily.ownerId, ownerId), gte(sourceDaily.day, range.from), lte(sourceDaily.day, range.to)))
      .groupBy(sourceDaily.source),
    rowsOf<{ videoId: string; title: string; kind: 'long' | 'short'; views: number; watchSeconds: number; publicViews: number }>(
      db.execute(sql`
        select d.video_id as "videoId", v.title, v.kind::text as kind, d.views, d.watch_seconds as "watchSeconds", v.views as "publicViews"
        from (
          select video_id, sum(views)::int as views, sum(watch_seconds)::float8 as watch_seconds
          from analytics_video_daily
          where owner_id = ${ownerId} and day >= ${range.from}::date and day <= ${range.to}::date
          group by video_id
          order by sum(views) desc, sum(watch_seconds) desc
          limit 10
        ) d join videos v on v.id = d.video_id
        order by d.views desc, d.watch_seconds desc`),
    ),
    earningsOf(db, ownerId, range.from, range.to),
    range.previous ? earningsOf(db, ownerId, range.previous.from, range.previous.to) : Promise.resolve([]),
    rolledUpAt(db),
  ]);

  const byDay = new Map(dayRows.map((r) => [r.day, r]));
  const empty = (day: string): DayRow => ({ day, views: 0, viewers: 0, watchSeconds: 0, followersGained: 0, followersLost: 0 });
  const current = daysBetween(range.from, range.to).map((d) => byDay.get(d) ?? empty(d));
  const earnedOn = new Map<string, EarningRow[]>();
  for (const e of earningRows) earnedOn.set(e.day, [...(earnedOn.get(e.day) ?? []), e]);
  const days: AnalyticsDay[] = current.map((d) => {
    const e = earnedOn.get(d.day) ?? [];
    return {
      ...d,
      watchSeconds: Math.round(d.watchSeconds),
      tipsSol: lamportsToSol(sumLamports(e, 'tip')),
      bountySol: lamportsToSol(sumLamports(e, 'bounty')),
      salesUsdc: microsToUsdc(sumMicros(e)),
    };
  });
  const sourceViews = new Map(sourceRows.map((r) => [r.source, r.views]));
  return {
    period,
    from: range.from,
    to: range.to,
    days,
    totals: totalsOf(current, earningRows),
    previous: range.previous
      ? {
          ...range.previous,
          totals: totalsOf(
            dayRows.filter((r) => r.day <= range.previous!.to),
            previousEarnings,
          ),
        }
      : null,
    sources: VIEW_SOURCES.map((source: ViewSource) => ({ source, views: sourceViews.get(source) ?? 0 })).filter((s) => s.views > 0),
    top: topRows.map((r) => ({ ...r, views: Number(r.views), watchSeconds: Math.round(Number(r.watchSeconds)), publicViews: Number(r.publicViews) })),
    earnings: earningRows.slice(0, EARNINGS_LIST_LIMIT).map(toEarning),
    rolledUpAt: state?.toISOString() ?? null,
  };
}

/** The retention curve of one of the creator's videos over a period (a stranger's video: not found). */
export async function getRetention(db: Db, ownerId: string, videoId: string, period: AnalyticsPeriod, now = new Date()): Promise<Retention> {
  const [video] = await db
    .select({ id: videos.id, title: videos.title, ownerId: videos.ownerId, durationSeconds: videos.durationSeconds, createdAt: videos.createdAt })
    .from(videos)
    .where(eq(videos.id, videoId));
  if (!video || video.ownerId !== ownerId) throw notFound('This video is not available');
  const today = dayOf(now);
  const range = periodRange(period, today, dayOf(video.createdAt));
  const rows = await db
    .select({ point: retentionDaily.point, viewers: sql<number>`sum(${retentionDaily.viewers})::int` })
    .from(retentionDaily)
    .where(and(eq(retentionDaily.videoId, videoId), gte(retentionDaily.day, range.from), lte(retentionDaily.day, range.to)))
    .groupBy(retentionDaily.point);
  const at = new Map(rows.map((r) => [r.point, Number(r.viewers)]));
  const started = at.get(-1) ?? 0;
  return {
    videoId: video.id,
    title: video.title,
    durationSeconds: video.durationSeconds,
    viewers: started,
    points: Array.from({ length: RETENTION_POINTS }, (_, percent) => ({
      percent,
      share: started ? Math.min(1, (at.get(percent) ?? 0) / started) : 0,
    })),
  };
}
