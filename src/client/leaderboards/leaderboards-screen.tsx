import { Coins, Eye, HeartHandshake, Trophy, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { ToggleGroup } from 'radix-ui';
import { PageHeader } from '../components/page-header';
import { cn } from '../lib/utils';
import { EmptyState } from '../ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/tabs';

const BOARDS = [
  { value: 'creators', label: 'Top Creators', icon: Coins },
  { value: 'supporters', label: 'Top Supporters', icon: HeartHandshake },
  { value: 'viewed', label: 'Most Viewed', icon: Eye },
  { value: 'followed', label: 'Most Followed', icon: UserPlus },
] as const;

const WINDOWS = [
  { value: '24h', label: '24h' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: 'all', label: 'All time' },
] as const;

type TimeWindow = (typeof WINDOWS)[number]['value'];

/**
 * /leaderboards: creators by SOL received, supporters by SOL given, most viewed and most followed,
 * over four windows (docs/product.md). Rankings come from recorded tips, views and follows, which
 * arrive with donations and follows; until then there is nothing to rank and each board says so.
 */
export default function LeaderboardsScreen() {
  const [range, setRange] = useState<TimeWindow>('7d');
  return (
    <div className="flex flex-col gap-6">
      <PageHeader icon={<Trophy aria-hidden />} title="Leaderboards" description="The creators and supporters moving Glint, by SOL, views and follows." />
      <Tabs defaultValue="creators">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabsList aria-label="Leaderboard">
            {BOARDS.map((b) => (
              <TabsTrigger key={b.value} value={b.value}>
                <b.icon aria-hidden /> {b.label}
              </TabsTrigger>
            ))}
          </TabsList>
          <ToggleGroup.Root
            type="single"
            value={range}
            onValueChange={(v) => v && setRange(v as TimeWindow)}
            aria-label="Time window"
            className="inline-flex items-center gap-1 rounded-lg border p-1"
          >
            {WINDOWS.map((w) => (
              <ToggleGroup.Item
                key={w.value}
                value={w.value}
                className={cn(
                  'h-7 rounded-md px-3 text-xs font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
                  'data-[state=on]:bg-primary data-[state=on]:text-primary-foreground',
                )}
              >
                {w.label}
              </ToggleGroup.Item>
            ))}
          </ToggleGroup.Root>
        </div>
        {BOARDS.map((b) => (
          <TabsContent key={b.value} value={b.value}>
            <EmptyState icon={Trophy} title="No rankings yet" description="Rankings appear once creators start receiving tips and views." />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
