import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { lamportsToSol } from '../../../shared/payments/sol.js';
import {
  BOARD_UNIT,
  LEADERBOARD_SIZE,
  windowBounds,
  type Leaderboard,
  type LeaderboardBoard,
  type LeaderboardEntry,
  type LeaderboardWindow,
  type RankChange,
} from '../../../shared/leaderboards/leaderboards.js';
import type { Db } from '../../platform/db/client.js';
import { follows } from '../profiles/schema.js';
import { payments } from '../payments/schema.js';
import { profiles } from '../../access/schema.js';
import { videoViews, videos } from '../videos/schema.js';
import { notBanned } from '../../access/standing.js';

// Leaderboards are a read model over other features' tables (payments, video views, follows):
// one SQL statement per board and window ranks everyone who counts, so the top list, the rank
// change and the viewer's own place agree with each other (docs/decisions/013).

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** `time > from and time <= to`, each bound only when given. */
function within(column: AnyColumn, from: Date | null, to: Date | null): SQL {
  const parts: SQL[] = [sql`true`];
  if (from) parts.push(sql`${column} > ${ts(from)}`);
  if (to) parts.push(sql`${column} <= ${ts(to)}`);
  return sql.join(parts, sql` and `);
}

/**
 * `(user_id, value)` of everyone with something on `board` between `from` and `to`: SOL received
 * or given in finalized payments (tips and bounty rewards) at their finalization, views of their
 * public videos (not removed, unlisted or private ones) when they counted, follows they got (and still have) when they were made.
 */
function source(board: LeaderboardBoard, from: Date | null, to: Date | null): SQL {
  switch (board) {
    case 'creators':
    case 'supporters': {
      const who = board === 'creators' ? payments.payeeId : payments.payerId;
      return sql`select ${who} as user_id, sum(${payments.lamports}) as value
        from ${payments}
        where ${payments.status} = 'finalized' and ${within(payments.finalizedAt, from, to)}
        group by ${who}`;
    }
    case 'viewed':
      if (!from && !to) {
        // All time: the running count on each video, which outlives the dated view rows.
        return sql`select ${videos.ownerId} as user_id, sum(${videos.views}) as value
          from ${videos}
          where ${videos.status} <> 'removed' and ${videos.visibility} = 'public'
          group by ${videos.ownerId}`;
      }
      // The condition on viewer_key is the one of the partial index video_views_viewed_at_idx.
      return sql`select ${videos.ownerId} as user_id, count(*) as value
        from ${videoViews}
        join ${videos} on ${videos.id} = ${videoViews.videoId}
        where ${videoViews.viewerKey} not like 'share:%' and ${within(videoViews.viewedAt, from, to)}
          and ${videos.status} <> 'removed' and ${videos.visibility} = 'public'
        group by ${videos.ownerId}`;
    case 'followed':
      return sql`select ${follows.followeeId} as user_id, count(*) as value
        from ${follows}
        where ${within(follows.createdAt, from, to)}
        group by ${follows.followeeId}`;
  }
}

/**
 * Everyone in `src` with a value (banned accounts left out), ranked: higher value first, then username (letters, digits and
 * underscores, compared bytewise so every database orders them alike): ties always fall the same way.
 */
const ranked = (src: SQL) => sql`select s.user_id, s.value, p.username, p.display_name, p.avatar_url, p.verification_type,
    row_number() over (order by s.value desc, lower(p.username) collate "C", p.id) as rank
  from (${src}) s
  join ${profiles} p on p.id = s.user_id
  where s.value > 0 and ${notBanned(sql`p.id`)}`;

interface Row {
  part: 'top' | 'me';
  rank: number | string | null;
  value: string | null;
  previous_rank: number | string | null;
  id: string;
  username: string;
  display_name: string;
  avatar_url: string | null;
  verification_type: 'none' | 'blue' | 'red';
}

/** The one statement behind a board: the top list and the viewer's own row, each with its rank change. */
export function leaderboardQuery(board: LeaderboardBoard, window: LeaderboardWindow, viewerId: string | null, now: Date): SQL {
  const { from, previousFrom } = windowBounds(window, now);
  // All time has no window before it; the previous ranking is then empty.
  const previous = from && previousFrom ? ranked(source(board, previousFrom, from)) : sql`select null::text as user_id, null::bigint as rank where false`;
  return sql`with cur as (${ranked(source(board, from, null))}),
    prev as (${previous})
    select 'top' as part, c.rank, c.value::text as value, pr.rank as previous_rank,
      c.user_id as id, c.username, c.display_name, c.avatar_url, c.verification_type
    from cur c left join prev pr on pr.user_id = c.user_id
    where c.rank <= ${LEADERBOARD_SIZE}
    union all
    select 'me', c.rank, c.value::text, pr.rank, p.id, p.username, p.display_name, p.avatar_url, p.verification_type
    from ${profiles} p left join cur c on c.user_id = p.id left join prev pr on pr.user_id = p.id
    where p.id = ${viewerId}`;
}

function entryOf(r: Row, board: LeaderboardBoard, window: LeaderboardWindow) {
  const rank = r.rank === null ? null : Number(r.rank);
  const raw = r.value ?? '0';
  const value = BOARD_UNIT[board] === 'sol' ? lamportsToSol(BigInt(raw)) : raw;
  let change: RankChange = null;
  if (window !== 'all' && rank !== null) change = r.previous_rank === null ? 'new' : Number(r.previous_rank) - rank;
  return {
    rank,
    value,
    change,
    creator: { id: r.id, username: r.username, displayName: r.display_name, avatarUrl: r.avatar_url, verificationType: r.verification_type },
  };
}

/**
 * A board over a window ending `now`: the top `LEADERBOARD_SIZE` and, for a signed-in viewer,
 * their own rank and value wherever they stand.
 */
export async function getLeaderboard(
  db: Db,
  q: { board: LeaderboardBoard; window: LeaderboardWindow; viewerId?: string | null | undefined },
  now = new Date(),
): Promise<Leaderboard> {
  const res = (await db.execute(leaderboardQuery(q.board, q.window, q.viewerId ?? null, now))) as unknown as { rows: Row[] };
  const entries: LeaderboardEntry[] = [];
  let me: Leaderboard['me'] = null;
  for (const r of res.rows) {
    const e = entryOf(r, q.board, q.window);
    if (r.part === 'me') me = e;
    else entries.push({ ...e, rank: e.rank! });
  }
  entries.sort((a, b) => a.rank - b.rank);
  const { from } = windowBounds(q.window, now);
  return { board: q.board, window: q.window, from: from?.toISOString() ?? null, to: now.toISOString(), entries, me };
}
