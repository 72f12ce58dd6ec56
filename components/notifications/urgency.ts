import type { Tone } from '@/components/ui/badge';
import type { UrgencyLevel } from '@/server/contracts/notification-schemas';

/** How urgency is presented (spec 5.4: "affects presentation"): badge tone, toast edge, how long a toast stays. */
export const URGENCY_LOOK: Record<UrgencyLevel, { tone: Tone; edge: string; label: string; toastMs: number | null }> = {
  LOW: { tone: 'neutral', edge: 'border-l-slate-300', label: 'Low', toastMs: 6_000 },
  MEDIUM: { tone: 'info', edge: 'border-l-indigo-500', label: 'Medium', toastMs: 8_000 },
  HIGH: { tone: 'warn', edge: 'border-l-amber-500', label: 'High', toastMs: 12_000 },
  // A critical toast stays until it is dismissed.
  CRITICAL: { tone: 'bad', edge: 'border-l-red-600', label: 'Critical', toastMs: null },
};
