'use client';
import { useCallback, useEffect, useRef, useState } from 'react';

export type CallPlayerState = ReturnType<typeof useCallPlayer>;

/**
 * The call recording's playback, shared by the player, the transcript (the turn being heard) and
 * the evidence links (seek there and play): an <audio> element the player renders (`audioRef`),
 * its position (`time`, updated every animation frame while playing, so the highlight keeps up),
 * `duration`, `playing`, and `failed` when the browser could not load the audio.
 */
export function useCallPlayer() {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    let frame = 0;
    const tick = () => {
      setTime(audio.currentTime);
      if (!audio.paused) frame = requestAnimationFrame(tick);
    };
    const onPlay = () => {
      setPlaying(true);
      frame = requestAnimationFrame(tick);
    };
    const onPause = () => {
      setPlaying(false);
      cancelAnimationFrame(frame);
      setTime(audio.currentTime);
    };
    const onTime = () => setTime(audio.currentTime);
    const onMeta = () => Number.isFinite(audio.duration) && setDuration(audio.duration);
    const onError = () => setFailed(true);
    const events: Array<[string, () => void]> = [
      ['play', onPlay],
      ['pause', onPause],
      ['ended', onPause],
      ['seeked', onTime],
      ['timeupdate', onTime],
      ['loadedmetadata', onMeta],
      ['durationchange', onMeta],
      ['error', onError],
    ];
    for (const [e, f] of events) audio.addEventListener(e, f);
    onMeta();
    return () => {
      cancelAnimationFrame(frame);
      for (const [e, f] of events) audio.removeEventListener(e, f);
    };
  }, []);

  /** Moves to `seconds` (clamped to the call); `play` starts playback from there. */
  const seek = useCallback((seconds: number, play = false) => {
    const audio = audioRef.current;
    if (!audio) return;
    const end = Number.isFinite(audio.duration) ? audio.duration : seconds;
    audio.currentTime = Math.min(Math.max(0, seconds), end);
    setTime(audio.currentTime);
    if (play) void audio.play().catch(() => undefined);
  }, []);

  const toggle = useCallback(() => {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused) void audio.play().catch(() => undefined);
    else audio.pause();
  }, []);

  return { audioRef, time, duration, playing, failed, seek, toggle };
}
