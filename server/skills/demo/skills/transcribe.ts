import type { WorldData } from '../dataset/generate.ts';
import { hashString } from '../dataset/rng.ts';
import type { Recording } from '../dataset/types.ts';
import { SkillError, stringArg, type SkillTool } from './envelope.ts';

/**
 * whisper-transcribe `transcribe_audio` and assemblyai-transcribe `transcribe_audio_async`. These
 * stand in for hosted backends: they return the
 * recording's turns as segments with their timings and speaker (as a diarizing backend labels
 * them: WhisperX, AssemblyAI's speaker_labels) and the text as the turns joined by spaces. Both backends return the same shape;
 * AssemblyAI's adds a job_id. The demo completes the AssemblyAI job before it returns and does not
 * call webhook_url (optional here, although the manifest requires it).
 */
export function recordingByUri({ dataset }: WorldData, uri: string): Recording {
  const rec = dataset.recordings.find((r) => r.uri === uri);
  if (!rec) throw new SkillError('RecordingNotFound', `no recording at ${uri}`);
  return rec;
}

function transcript(rec: Recording) {
  return {
    text: rec.turns.map((t) => t.text).join(' '),
    language: 'en',
    duration_s: rec.duration_s,
    segments: rec.turns.map((t) => ({ start_s: t.start_s, end_s: t.end_s, text: t.text, speaker: t.speaker })),
  };
}

const describe = (rec: Recording) => `Transcribed ${Math.round(rec.duration_s)} s of English audio in ${rec.turns.length} segments`;

export const transcribeWhisper: SkillTool = (args, served) => {
  const rec = recordingByUri(served, stringArg(args, 'recording_uri', true));
  return {
    summary: `${describe(rec)}.`,
    data: transcript(rec),
    artifacts: [`${served.world.artifactPrefix}/transcripts/${rec.recording_id}.whisper.json`],
  };
};

export const transcribeAssemblyAi: SkillTool = (args, served) => {
  const rec = recordingByUri(served, stringArg(args, 'recording_uri', true));
  stringArg(args, 'webhook_url');
  const jobId = `aai-${hashString(rec.recording_id).toString(36)}`;
  return {
    summary: `${describe(rec)} (AssemblyAI job ${jobId}).`,
    data: { ...transcript(rec), job_id: jobId },
    artifacts: [`${served.world.artifactPrefix}/transcripts/${rec.recording_id}.assemblyai.json`],
  };
};
