import type { Metadata } from 'next';
import { ComingSoon } from '@/components/shell/coming-soon';

export const metadata: Metadata = { title: 'Graph' };

/** Placeholder until a later issue builds the section (see NAV_ITEMS.comingIn). */
export default function GraphPage() {
  return <ComingSoon href="/graph" />;
}
