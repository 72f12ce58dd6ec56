'use client';
import { CallPlayer } from '@/components/qa/detail/call-player';
import { turnAtTime } from '@/components/qa/detail/playback';
import { Transcript } from '@/components/qa/detail/transcript';
import { useCallPlayer } from '@/components/qa/detail/use-call-player';
import type { BlindReview } from './types';

const NO_SPANS: never[] = [];
const NOTHING_SELECTED: string[] = [];
const noLabel = (id: string) => id;
const noPick = () => undefined;

/**
 * One call of a blind review as the reviewer hears and reads it: the call page's player (when the
 * result names its recording) above the transcript, the turn being heard marked and kept in view,
 * a turn's time playing the call from there. Blind: the transcript is given no evidence spans, so
 * nothing in it points at what the AI quoted; the recording routes serve audio and waveform only.
 * Mount it keyed by the call, so each call starts with its own player at 0:00.
 */
export function BlindCall({ call }: { call: BlindReview['calls'][number] }) {
  const player = useCallPlayer();
  const hasRecording = !!call.transcript.recording_uri;
  const heard = turnAtTime(call.transcript.turns, player.time);
  return (
    <div data-testid="blind-transcript">
      {hasRecording && <CallPlayer qaResultId={call.qa_result_id} player={player} />}
      <div className="max-h-96 overflow-y-auto px-4 py-3">
        <Transcript
          transcript={call.transcript}
          spans={NO_SPANS}
          selected={NOTHING_SELECTED}
          labelOf={noLabel}
          onPick={noPick}
          playback={hasRecording ? { turn: heard, playing: player.playing, playFrom: (s) => player.seek(s, true) } : null}
        />
      </div>
    </div>
  );
}
