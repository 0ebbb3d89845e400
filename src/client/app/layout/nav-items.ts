import { CalendarClock, CirclePlus, Clapperboard, History, House, Radio, Rocket, Smartphone, TrendingUp, Trophy, type LucideIcon } from 'lucide-react';
import { PRODUCT_NAME, PRODUCT_SLUG } from '../../../shared/platform/product';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
}

/** The sidebar, in docs/product.md §2's order. */
export const SIDEBAR_ITEMS: readonly NavItem[] = [
  { label: 'Home', to: '/app', icon: House },
  { label: 'Pump Streams', to: '/streams', icon: Rocket },
  { label: PRODUCT_NAME, to: `/${PRODUCT_SLUG}`, icon: Clapperboard },
  { label: 'Shorts', to: '/shorts', icon: Smartphone },
  { label: 'Leaderboards', to: '/leaderboards', icon: Trophy },
  { label: 'Trending', to: '/trending', icon: TrendingUp },
  { label: 'Upcoming', to: '/upcoming', icon: CalendarClock },
  { label: 'Recently Ended', to: '/recent', icon: History },
];

/** The mobile bottom bar (docs/product.md §2). */
export const BOTTOM_ITEMS: readonly NavItem[] = [
  { label: 'Home', to: '/app', icon: House },
  { label: 'Streams', to: '/streams', icon: Radio },
  { label: 'Upload', to: '/submit', icon: CirclePlus },
  { label: PRODUCT_NAME, to: `/${PRODUCT_SLUG}`, icon: Clapperboard },
  { label: 'Shorts', to: '/shorts', icon: Smartphone },
];
