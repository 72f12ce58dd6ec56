import type { AppConfig } from '../../config.ts';
import { demoSkills } from '../demo/skills/catalog.ts';
import { mcpUrlFor } from './in-process-demo.ts';

/** What the call store says about a recording beside its audio (server/skills/demo/audio/store.ts RecordingMeta). */
export interface RecordingWaveform {
  duration_s: number;
  peaks: number[];
}

export type RecordingFetch = { ok: true; response: Response } | { ok: false; status: 404 | 502; message: string };

/**
 * The call store of the recording-management skill, read as a recording system is: its audio and
 * waveform by recording_uri, from the server that serves the skill (its DCF_MCP_ENDPOINTS entry,
 * else DCF_MCP_BASE_URL, else the in-process demo server) at `/recordings/audio` and
 * `/recordings/meta` (server/skills/demo/server/recordings-http.ts). Who may hear a call is the
 * caller's to check first.
 */
export async function fetchRecording(
  config: AppConfig,
  uri: string,
  what: 'audio' | 'meta',
  signal?: AbortSignal,
): Promise<RecordingFetch> {
  const skill = demoSkills().find((s) => s.skillName === 'recording-management')!;
  const def = skill.requirement.definition;
  if (def.type !== 'mcp_server') throw new Error('recording-management is not an MCP skill');
  const url = new URL(await mcpUrlFor(def.endpointUrl, config, skill.manifest));
  url.pathname = `/recordings/${what}`;
  url.search = new URLSearchParams({ uri }).toString();
  let response: Response;
  try {
    // A first request renders the call (a few seconds a call minute): the bound is generous.
    response = await fetch(url, {
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(120_000)]) : AbortSignal.timeout(120_000),
    });
  } catch (err) {
    return { ok: false, status: 502, message: `the call store did not answer: ${(err as Error).message}` };
  }
  if (response.status === 404) return { ok: false, status: 404, message: `the call store has no recording at ${uri}` };
  if (!response.ok) return { ok: false, status: 502, message: `the call store answered ${response.status}` };
  return { ok: true, response };
}
