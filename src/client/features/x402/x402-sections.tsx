import { BadgeDollarSign, LockOpen } from 'lucide-react';
import { ExplorerLink } from '../payments/explorer-link';
import { Link } from 'react-router';
import { paths } from '../../../shared/platform/routes';
import { formatUsdc } from '../../../shared/x402/x402-rules';
import { SectionList, SettingsSection } from '../settings/settings-section';
import { useSales, useUnlocked } from './queries';
import { mediaUrl } from '../../lib/native/api-origin';

const videoPath = (v: { videoId: string; kind: 'long' | 'short'; title: string }, username?: string) =>
  v.kind === 'short' ? paths.short(v.videoId) : paths.video({ id: v.videoId, title: v.title, ...(username ? { username } : {}) });

/** Settings › Videos you sell: each priced video with its sales (how many, how much), for the creator. */
export function SalesSection() {
  const sales = useSales();
  return (
    <SettingsSection
      id="sales"
      icon={BadgeDollarSign}
      title="Videos you sell"
      description="Pay-per-view sales over X402: the USDC went straight to your wallet."
    >
      <SectionList
        query={sales}
        items={sales.data}
        skeletonClassName="h-20"
        errorTitle="Could not load your sales"
        empty="No priced videos yet. Set a price in USDC when you upload a video, or in its Edit dialog."
      >
        {(list) => (
          <ul className="flex flex-col divide-y divide-border" aria-label="Your sales">
            {list.map((s) => (
              <li key={s.videoId} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3 text-sm" data-testid="sales-row">
                <Link to={videoPath(s)} className="min-w-0 flex-1 truncate font-medium hover:underline">
                  {s.title}
                </Link>
                <span className="text-muted-foreground">{s.priceUsdc ? formatUsdc(s.priceUsdc) : 'now free'}</span>
                <span className="tabular-nums">
                  {s.count === 1 ? '1 sale' : `${s.count} sales`} · {formatUsdc(s.totalUsdc)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </SectionList>
    </SettingsSection>
  );
}

/** Settings › Videos you unlocked: what the viewer bought, to watch again anywhere. */
export function UnlockedSection() {
  const unlocked = useUnlocked();
  return (
    <SettingsSection id="unlocked" icon={LockOpen} title="Videos you unlocked" description="Pay-per-view videos you bought: yours to watch on any device.">
      <SectionList
        query={unlocked}
        items={unlocked.data}
        skeletonClassName="h-20"
        errorTitle="Could not load your videos"
        empty="Nothing unlocked yet. Priced videos show a lock and their price."
      >
        {(list) => (
          <ul className="flex flex-col divide-y divide-border" aria-label="Videos you unlocked">
            {list.map((u) => (
              <li key={u.videoId} className="flex items-center gap-3 py-3 text-sm" data-testid="unlocked-row">
                {u.thumbnailUrl ? <img src={mediaUrl(u.thumbnailUrl)} alt="" className="h-12 w-20 shrink-0 rounded object-cover" /> : null}
                <div className="min-w-0 flex-1">
                  <Link to={videoPath(u, u.creator.username)} className="block truncate font-medium hover:underline">
                    {u.title}
                  </Link>
                  <p className="text-xs text-muted-foreground">
                    @{u.creator.username} · {formatUsdc(u.paidUsdc)} · <time dateTime={u.unlockedAt}>{new Date(u.unlockedAt).toLocaleDateString()}</time>
                    <ExplorerLink
                      href={u.explorerUrl}
                      before=" · "
                      className="inline-flex items-center gap-0.5 underline underline-offset-2"
                      iconClassName="size-3"
                    >
                      payment
                    </ExplorerLink>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </SectionList>
    </SettingsSection>
  );
}
