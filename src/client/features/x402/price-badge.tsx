import { Lock } from 'lucide-react';
import { formatUsdc } from '../../../shared/x402/x402-rules';
import { cn } from '../../lib/utils';
import { Badge } from '../../ui/badge';

/** A priced video's badge on its thumbnail: the price, in dollars of USDC. */
export function PriceBadge({ priceUsdc, className }: { priceUsdc: string | null; className?: string }) {
  if (!priceUsdc) return null;
  return (
    <Badge
      variant="brand"
      className={cn('absolute top-2 left-2 rounded-md tabular-nums shadow', className)}
      title={`Pay-per-view: ${formatUsdc(priceUsdc)} in USDC`}
    >
      <Lock aria-hidden /> {formatUsdc(priceUsdc)}
    </Badge>
  );
}
