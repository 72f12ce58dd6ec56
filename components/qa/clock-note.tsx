'use client';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { ukDate } from '@/lib/uk-time';

/**
 * Which clock each date on the QA pages comes from. Call dates are the recordings' own (the
 * data's clock); run and review times are the console's real clock. When the console's "today" is
 * pinned (DCF_CLOCK, the demo), the note says to which day — it is what "last week" means to the
 * agents, not the date runs and reviews are stamped with. All times are UK (Europe/London).
 */
export function ClockNote({ className = 'mb-4' }: { className?: string }) {
  const trpc = useTRPC();
  const clock = useQuery(trpc.qa.clock.queryOptions());
  const pinned = clock.data?.pinnedToday ?? null;
  return (
    <p role="note" className={`text-xs text-slate-600 ${className}`} data-testid="qa-clock-note">
      Call dates are from the recordings
      {pinned ? (
        <>
          ; the console’s demo clock is <span className="font-medium text-slate-800">{ukDate(pinned)}</span> (what “last week” means to the
          agents)
        </>
      ) : null}
      . Run and review times are the console’s real clock. All times are UK time (Europe/London).
    </p>
  );
}
