'use client';
import { useEffect, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { clockOf } from './evidence';
import { seekByKey } from './playback';
import type { CallPlayerState } from './use-call-player';

type Waveform = { duration_s: number; peaks: number[] } | 'loading' | 'missing' | 'failed';

const BAR = 'fill-slate-300';
const PLAY_BUTTON =
  'flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-indigo-700 text-white hover:bg-indigo-800 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:bg-slate-300';
const PLAYED = 'fill-indigo-600';

/**
 * The call's recording above its transcript: play/pause, the time, and the waveform as a slider
 * (click to seek; keyboard: Space plays or pauses, arrows ±5 s, Page Up/Down ±30 s, Home/End). The
 * waveform's peaks come from the server (computed once when the call was rendered); the first
 * request for a call renders it, which takes a few seconds a call minute. A result that names no
 * recording says so instead.
 */
export function CallPlayer({ qaResultId, player }: { qaResultId: string; player: CallPlayerState }) {
  const base = `/api/qa/${encodeURIComponent(qaResultId)}/recording`;
  const [wave, setWave] = useState<Waveform>('loading');
  useEffect(() => {
    const abort = new AbortController();
    fetch(`${base}/waveform`, { signal: abort.signal })
      .then(async (r) =>
        setWave(r.ok ? ((await r.json()) as { duration_s: number; peaks: number[] }) : r.status === 404 ? 'missing' : 'failed'),
      )
      .catch(() => abort.signal.aborted || setWave('failed'));
    return () => abort.abort();
  }, [base]);

  const duration = player.duration || (typeof wave === 'object' ? wave.duration_s : 0);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === ' ') {
      e.preventDefault();
      return player.toggle();
    }
    const to = seekByKey(e.key, player.time, duration);
    if (to === null) return;
    e.preventDefault();
    player.seek(to);
  };
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    if (box.width > 0 && duration > 0) player.seek(((e.clientX - box.left) / box.width) * duration);
  };

  if (wave === 'missing')
    return (
      <p className="px-4 py-2 text-xs text-slate-500" data-testid="call-player-missing">
        No recording is stored for this result.
      </p>
    );
  const ready = typeof wave === 'object' && !player.failed;
  const peaks = typeof wave === 'object' ? wave.peaks : [];
  const played = duration > 0 ? player.time / duration : 0;
  return (
    <div className="flex items-center gap-3 border-b border-slate-100 px-4 py-2" data-testid="call-player">
      <audio ref={player.audioRef} src={base} preload="metadata" data-testid="call-audio" />
      <button
        type="button"
        onClick={player.toggle}
        disabled={!ready}
        aria-label={player.playing ? 'Pause the call' : 'Play the call'}
        data-testid="call-play"
        className={PLAY_BUTTON}
      >
        <svg viewBox="0 0 16 16" className="h-3.5 w-3.5 fill-current" aria-hidden="true">
          {player.playing ? <path d="M3 2h4v12H3zM9 2h4v12H9z" /> : <path d="M4 2l10 6-10 6z" />}
        </svg>
      </button>
      <div
        role="slider"
        tabIndex={ready ? 0 : -1}
        aria-label="Position in the call recording"
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.round(player.time)}
        aria-valuetext={`${clockOf(player.time)} of ${clockOf(duration)}`}
        aria-disabled={!ready}
        onKeyDown={ready ? onKey : undefined}
        onClick={ready ? onClick : undefined}
        data-testid="call-waveform"
        className="relative h-10 min-w-0 flex-1 cursor-pointer rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
      >
        {ready ? (
          <svg viewBox={`0 0 ${peaks.length} 100`} preserveAspectRatio="none" className="h-full w-full" aria-hidden="true">
            {peaks.map((p, i) => (
              <rect
                key={i}
                x={i + 0.15}
                width={0.7}
                y={50 - Math.max(1, p * 48)}
                height={Math.max(2, p * 96)}
                className={i / peaks.length < played ? PLAYED : BAR}
              />
            ))}
          </svg>
        ) : (
          <span className="flex h-full items-center text-xs text-slate-500" data-testid="call-player-status">
            {wave === 'loading' ? 'Preparing the recording…' : 'The recording could not be loaded.'}
          </span>
        )}
      </div>
      <span className="shrink-0 font-mono text-xs text-slate-600 tabular-nums" data-testid="call-time">
        {clockOf(player.time)} / {clockOf(duration)}
      </span>
    </div>
  );
}
