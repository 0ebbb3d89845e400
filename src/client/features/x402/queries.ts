import { useQuery } from '@tanstack/react-query';
import type { UnlockedVideo, VideoSales, X402Info } from '../../../shared/x402/x402';
import { api } from '../../lib/api';

export const x402Keys = {
  info: ['x402', 'info'] as const,
  sales: ['x402', 'sales'] as const,
  unlocked: ['x402', 'unlocked'] as const,
};

export const useX402Info = () => useQuery({ queryKey: x402Keys.info, queryFn: () => api<X402Info>('/api/x402'), staleTime: 60_000 });
export const useSales = () => useQuery({ queryKey: x402Keys.sales, queryFn: () => api<VideoSales[]>('/api/x402/sales') });
export const useUnlocked = () => useQuery({ queryKey: x402Keys.unlocked, queryFn: () => api<UnlockedVideo[]>('/api/x402/unlocked') });
