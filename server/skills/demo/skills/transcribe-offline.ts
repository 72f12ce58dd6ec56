import { decodeOpus } from '../audio/codec.ts';
import { recognise, RECOGNISER_RATE } from '../audio/pocketsphinx.ts';
import { SkillError, stringArg, type AudioSkillTool } from './envelope.ts';
import { recordingByUri } from './transcribe.ts';

/**
 * pocketsphinx-transcribe `transcribe_audio_offline` (not `transcribe_audio`: one skills server serves
 * whisper's too, and an MCP server's tool names are unique): the third transcription alternative, and the one
 * that really listens. It fetches the call's compressed audio from the call store (rendering it on
 * first use), decodes it to 16 kHz and runs pocketsphinx over it, offline. Segments are what the
 * recogniser heard, with its times; no speaker labels (speaker null: diarization is another
 * skill's job, and the known turn slots are not the recogniser's to use). Recognition errors are
 * real: how reliable and how fast it is, the system measures (skill reliability), not this code.
 */
export const transcribeOffline: AudioSkillTool = async (args, served, { audio, signal }) => {
  const rec = recordingByUri(served, stringArg(args, 'recording_uri', true));
  let heard;
  try {
    const stored = await audio.audio(rec);
    heard = await recognise(await decodeOpus(stored.audio, RECOGNISER_RATE, signal), signal);
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new SkillError('TranscriptionFailed', (err as Error).message, true);
  }
  const segments = heard.map((s) => ({ ...s, speaker: null }));
  const words = heard.reduce((n, s) => n + s.text.split(' ').length, 0);
  return {
    summary: `Transcribed ${Math.round(rec.duration_s)} s of English audio offline: ${words} words in ${segments.length} segments.`,
    data: { text: heard.map((s) => s.text).join(' '), language: 'en', duration_s: rec.duration_s, segments },
    artifacts: [`${served.world.artifactPrefix}/transcripts/${rec.recording_id}.pocketsphinx.json`],
  };
};
