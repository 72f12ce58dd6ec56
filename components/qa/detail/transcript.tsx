'use client';
import { useMemo } from 'react';
import type { QaDetailView } from '../types';
import { clockOf, splitTurn, turnElementId, type EvidenceSpan } from './evidence';
import { TranscriptText } from './transcript-text';

const SPEAKER_TONE: Record<string, string> = { advisor: 'text-indigo-700', customer: 'text-emerald-700' };

/**
 * The call as speaker turns, each with its time into the call (mm:ss) and an element id
 * (`turn-<n>`) the verdicts scroll to. Quoted text links back to what quotes it (`onPick`); the
 * selected evidence is highlighted. The list scrolls on its own beside the results.
 */
export function Transcript({
  transcript,
  spans,
  selected,
  labelOf,
  onPick,
}: {
  transcript: QaDetailView['transcript'];
  spans: readonly EvidenceSpan[];
  selected: readonly string[];
  labelOf: (id: string) => string;
  onPick: (ids: readonly string[]) => void;
}) {
  const turns = useMemo(() => transcript.turns.map((t) => splitTurn(t, spans)), [transcript.turns, spans]);
  if (!transcript.turns.length) return <p className="text-sm text-slate-500">The transcription has no turns.</p>;
  return (
    <ol className="space-y-3" aria-label="Transcript turns" data-testid="transcript">
      {transcript.turns.map((t, i) => {
        const speaker = t.speaker ?? 'Unknown speaker';
        return (
          <li key={i} id={turnElementId(i)} data-testid="transcript-turn" data-turn={i} className="scroll-mt-4 rounded-md px-2 py-1.5">
            <div className="flex items-baseline gap-2 text-xs">
              <time className="font-mono text-slate-500 tabular-nums" title={`${t.start_s ?? '?'} s to ${t.end_s ?? '?'} s into the call`}>
                {clockOf(t.start_s)}
              </time>
              <span className={`font-semibold ${SPEAKER_TONE[speaker.toLowerCase()] ?? 'text-slate-700'}`}>{speaker}</span>
            </div>
            <TranscriptText parts={turns[i]!} selected={selected} labelOf={labelOf} onPick={onPick} />
          </li>
        );
      })}
    </ol>
  );
}
