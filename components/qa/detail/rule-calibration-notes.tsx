'use client';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { ukDate } from '@/lib/uk-time';

/**
 * The calibration notes on one rule, where the QA call review shows the rule: what a session's
 * team agreed about it, newest first, each with the session it came from (a link for those who may
 * open it), its author and date. Nothing while loading or when there is none (the rule reads as before).
 */
export function RuleCalibrationNotes({ ruleId, canOpen }: { ruleId: string; canOpen: boolean }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.calibration.notes.queryOptions({ rule_ids: [ruleId] }, { staleTime: 60_000 }));
  const notes = q.data?.status === 'ok' ? q.data.notes : [];
  if (!notes.length) return null;
  return (
    <ul className="space-y-1" data-testid="rule-calibration-notes">
      {notes.map((n) => (
        <li key={n.session_id} className="rounded-md border-l-4 border-emerald-300 bg-emerald-50/60 px-3 py-1.5 text-xs text-slate-800">
          <span className="font-semibold">Calibration note:</span> {n.note}{' '}
          <span className="text-slate-600">
            —{' '}
            {canOpen ? (
              <Link className="text-indigo-700 hover:underline" href={`/calibration/${n.session_id}`}>
                {n.session_name}
              </Link>
            ) : (
              n.session_name
            )}
            , {n.author}, {ukDate(n.created_at)}
          </span>
        </li>
      ))}
    </ul>
  );
}
