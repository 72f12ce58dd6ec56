'use client';
import { useEffect, useMemo } from 'react';
import type { QaDetailView } from '../types';
import { clockOf, splitTurn, turnElementId, type EvidenceSpan } from './evidence';
import { TranscriptText } from './transcript-text';

// 24 px high: the smallest target axe accepts (target-size).
const TURN_PLAY =
  '-mx-1 inline-flex min-h-6 items-center rounded px-1 text-indigo-700 underline-offset-2 hover:underline ' +
  'focus-visible:outline-2 focus-visible:outline-indigo-500';
const SPEAKER_TONE: Record<string, string> = { advisor: 'text-indigo-700', customer: 'text-emerald-700' };

/**
 * The call as speaker turns, each with its time into the call (mm:ss) and an element id
 * (`turn-<n>`) the verdicts scroll to. Quoted text links back to what quotes it (`onPick`); the
 * selected evidence is highlighted. The list scrolls on its own beside the results.
 * With the call's recording (`playback`): the turn being heard is marked (`aria-current`) and,
 * while the call plays, kept in view; a turn's time is a button that plays the call from there.
 */
export function Transcript({
  transcript,
  spans,
  selected,
  labelOf,
  onPick,
  playback,
}: {
  transcript: QaDetailView['transcript'];
  spans: readonly EvidenceSpan[];
  selected: readonly string[];
  labelOf: (id: string) => string;
  onPick: (ids: readonly string[]) => void;
  playback: { turn: number; playing: boolean; playFrom: (seconds: number) => void } | null;
}) {
  const turns = useMemo(() => transcript.turns.map((t) => splitTurn(t, spans)), [transcript.turns, spans]);
  const heard = playback?.turn ?? -1;
  const following = playback?.playing ?? false;
  useEffect(() => {
    if (following && heard >= 0) document.getElementById(turnElementId(heard))?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [heard, following]);
  if (!transcript.turns.length) return <p className="text-sm text-slate-500">The transcription has no turns.</p>;
  return (
    <ol className="space-y-3" aria-label="Transcript turns" data-testid="transcript">
      {transcript.turns.map((t, i) => {
        const speaker = t.speaker ?? 'Unknown speaker';
        const current = i === heard;
        const time = (
          <time className="font-mono tabular-nums" title={`${t.start_s ?? '?'} s to ${t.end_s ?? '?'} s into the call`}>
            {clockOf(t.start_s)}
          </time>
        );
        return (
          <li
            key={i}
            id={turnElementId(i)}
            data-testid="transcript-turn"
            data-turn={i}
            aria-current={current ? 'true' : undefined}
            className={`scroll-mt-4 rounded-md px-2 py-1.5 ${current ? 'bg-indigo-50 ring-1 ring-indigo-200' : ''}`}
          >
            <div className="flex items-center gap-2 text-xs">
              {playback && t.start_s !== null ? (
                <button
                  type="button"
                  onClick={() => playback.playFrom(t.start_s!)}
                  aria-label={`Play the call from ${clockOf(t.start_s)}`}
                  data-testid="turn-play"
                  className={TURN_PLAY}
                >
                  {time}
                </button>
              ) : (
                <span className="text-slate-500">{time}</span>
              )}
              <span className={`font-semibold ${SPEAKER_TONE[speaker.toLowerCase()] ?? 'text-slate-700'}`}>{speaker}</span>
            </div>
            <TranscriptText parts={turns[i]!} selected={selected} labelOf={labelOf} onPick={onPick} />
          </li>
        );
      })}
    </ol>
  );
}
