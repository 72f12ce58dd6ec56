import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Recording } from '../dataset/types.ts';
import { encodeOpus } from './codec.ts';
import { peaksOf } from './peaks.ts';
import { renderRecording } from './render.ts';
import { durationOf } from './wav.ts';

/** Bumped when the rendering changes (voices, fitting, codec): older files are then not served. */
const RENDER_VERSION = 'v1';

/** What the store keeps beside a recording's audio. */
export interface RecordingMeta {
  recording_id: string;
  duration_s: number;
  /** The waveform (peaks.ts), computed once from the rendered samples. */
  peaks: number[];
  bytes: number;
  /** How long rendering and compressing took, in ms (the figures per call minute are reported from these). */
  render_ms: number;
}

/**
 * The demo call store: a recording's audio is rendered on its first request (render.ts), compressed
 * (codec.ts) and kept under `dir` (the data directory), then served from there. At most
 * `maxRenders` renders run at once (each holds one espeak-ng or opusenc process); a second request
 * for a recording being rendered waits for the same render.
 */
export class RecordingAudioStore {
  private readonly inFlight = new Map<string, Promise<RecordingMeta>>();
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly dir: string,
    private readonly maxRenders = 2,
  ) {}

  private file(rec: Recording, ext: 'opus' | 'json'): string {
    if (!/^[\w.-]{1,100}$/.test(rec.recording_id)) throw new Error(`unsafe recording id ${rec.recording_id}`);
    return path.join(this.dir, RENDER_VERSION, `${rec.recording_id}.${ext}`);
  }

  /** The recording's meta, rendering it first when it is not stored yet. */
  async meta(rec: Recording): Promise<RecordingMeta> {
    const stored = await readFile(this.file(rec, 'json'), 'utf8').then(
      (s) => JSON.parse(s) as RecordingMeta,
      () => null,
    );
    if (stored) return stored;
    let pending = this.inFlight.get(rec.recording_id);
    if (!pending) {
      pending = this.render(rec).finally(() => this.inFlight.delete(rec.recording_id));
      this.inFlight.set(rec.recording_id, pending);
    }
    return pending;
  }

  /** The recording's compressed audio (Ogg Opus) and its meta. */
  async audio(rec: Recording): Promise<{ audio: Buffer; meta: RecordingMeta }> {
    const meta = await this.meta(rec);
    return { audio: await readFile(this.file(rec, 'opus')), meta };
  }

  private async slot(): Promise<() => void> {
    if (this.running >= this.maxRenders) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    return () => {
      this.running--;
      this.waiting.shift()?.();
    };
  }

  private async render(rec: Recording): Promise<RecordingMeta> {
    const release = await this.slot();
    try {
      const started = performance.now();
      const pcm = await renderRecording(rec);
      const audio = await encodeOpus(pcm);
      const meta: RecordingMeta = {
        recording_id: rec.recording_id,
        duration_s: Math.round(durationOf(pcm) * 100) / 100,
        peaks: peaksOf(pcm),
        bytes: audio.length,
        render_ms: Math.round(performance.now() - started),
      };
      await mkdir(path.dirname(this.file(rec, 'opus')), { recursive: true });
      // Audio first, meta last and both by rename: a stored meta always has its audio beside it.
      const tmp = `.${process.pid}.${Date.now()}.tmp`;
      await writeFile(this.file(rec, 'opus') + tmp, audio);
      await rename(this.file(rec, 'opus') + tmp, this.file(rec, 'opus'));
      await writeFile(this.file(rec, 'json') + tmp, JSON.stringify(meta));
      await rename(this.file(rec, 'json') + tmp, this.file(rec, 'json'));
      return meta;
    } finally {
      release();
    }
  }
}
