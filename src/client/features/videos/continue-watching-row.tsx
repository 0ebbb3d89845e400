import { History } from 'lucide-react';
import { ContentCards } from '../home/content-cards';
import { Section } from '../../ui/page-header';
import { useContinueWatching } from './history-queries';

/**
 * Home's "Continue watching" (signed in): long videos stopped partway through, newest first; each
 * card's video opens where the viewer stopped. Nothing when there is none.
 */
export function ContinueWatchingRow({ now }: { now: number }) {
  const entries = useContinueWatching().data;
  if (!entries?.length) return null;
  return (
    <Section id="row-continue" title="Continue watching" icon={<History aria-hidden className="size-5 text-primary" />}>
      <ContentCards of="videos" items={entries.map((e) => e.video)} now={now} />
    </Section>
  );
}
