import type { Metadata } from 'next';
import { ComingSoon } from '@/components/shell/coming-soon';

export const metadata: Metadata = { title: 'Runs' };

/** Placeholder until a later issue builds the section (see NAV_ITEMS.comingIn). */
export default function RunsPage() {
  return <ComingSoon href="/runs" />;
}
