import { readFileSync } from 'node:fs';
import { repoPath } from '../repo-path.ts';
import { parseSkillManifest, type SkillManifest, type ToolRequirement } from '../../manifest.ts';
import { evaluateCompliance } from './compliance.ts';
import { describeRuleSet } from './describe-rule-set.ts';
import { diarizeTranscript } from './diarize.ts';
import { countCalls, listAdvisors, listProducts } from './directory.ts';
import type { WorldData } from '../dataset/generate.ts';
import {
  runAudioSkillTool,
  runSkillTool,
  type Args,
  type AudioSkillTool,
  type AudioToolContext,
  type Envelope,
  type SkillTool,
} from './envelope.ts';
import { getApplicationsByAdvisor, getRecordingsByApplicationIds } from './records.ts';
import { calculateScore } from './scoring.ts';
import { segmentAndLabel } from './segment.ts';
import { analyzeSentiment } from './sentiment.ts';
import { transcribeAssemblyAi, transcribeWhisper } from './transcribe.ts';
import { transcribeOffline } from './transcribe-offline.ts';

/**
 * The skill tools the demo server serves, by the tool name and parameters of their manifest in
 * skills/: the nine spec skills (§5.10), one tool each (research.web is not served: it needs the
 * web) and compliance-analysis's second, describe_rule_set (what a rule set checks, for composing a
 * workflow's taxonomy), then the CRM directory (crm-directory, three tools) the Planner checks requests against,
 * then the audio skills (issue 34): pocketsphinx-transcribe, which transcribes the calls' rendered audio offline.
 */
/** A served tool: a synchronous one over the dataset (`tool`) or an asynchronous one over the calls' audio (`audioTool`). */
export type DemoSkillTool = { skillName: string; toolName: string } & (
  { tool: SkillTool; audioTool?: undefined } | { audioTool: AudioSkillTool; tool?: undefined }
);

export const DEMO_SKILL_TOOLS: ReadonlyArray<DemoSkillTool> = [
  { skillName: 'salesforce-integration', toolName: 'get_applications_by_advisor', tool: getApplicationsByAdvisor },
  { skillName: 'recording-management', toolName: 'get_recordings_by_application_ids', tool: getRecordingsByApplicationIds },
  { skillName: 'whisper-transcribe', toolName: 'transcribe_audio', tool: transcribeWhisper },
  { skillName: 'assemblyai-transcribe', toolName: 'transcribe_audio_async', tool: transcribeAssemblyAi },
  { skillName: 'gpt4o-diarize', toolName: 'diarize_transcript', tool: diarizeTranscript },
  { skillName: 'labelling-segmentation', toolName: 'segment_and_label', tool: segmentAndLabel },
  { skillName: 'sentiment-analysis', toolName: 'analyze_sentiment', tool: analyzeSentiment },
  { skillName: 'compliance-analysis', toolName: 'evaluate_compliance', tool: evaluateCompliance },
  { skillName: 'compliance-analysis', toolName: 'describe_rule_set', tool: describeRuleSet },
  { skillName: 'scoring', toolName: 'calculate_score', tool: calculateScore },
  { skillName: 'crm-directory', toolName: 'list_advisors', tool: listAdvisors },
  { skillName: 'crm-directory', toolName: 'list_products', tool: listProducts },
  { skillName: 'crm-directory', toolName: 'count_calls', tool: countCalls },
  { skillName: 'pocketsphinx-transcribe', toolName: 'transcribe_audio_offline', audioTool: transcribeOffline },
];

/** The served skills' names, once each (fault settings are keyed by them). */
export const DEMO_SKILL_NAMES = [...new Set(DEMO_SKILL_TOOLS.map((t) => t.skillName))];

/** Each served tool: its skill's manifest (skills/<skillName>.json) and the tool's requirement in it. */
export type DemoSkill = DemoSkillTool & {
  manifest: SkillManifest;
  requirement: ToolRequirement;
};

let loaded: DemoSkill[] | undefined;
export function demoSkills(): DemoSkill[] {
  if (loaded) return loaded;
  // A skill with several tools (crm-directory, compliance-analysis) is read and parsed once.
  const manifests = new Map<string, SkillManifest | undefined>();
  const manifestOf = (skillName: string) => {
    if (!manifests.has(skillName)) {
      const doc: unknown = JSON.parse(readFileSync(repoPath('skills', `${skillName}.json`), 'utf8'));
      manifests.set(skillName, parseSkillManifest(doc));
    }
    return manifests.get(skillName);
  };
  loaded = DEMO_SKILL_TOOLS.map((served) => {
    const manifest = manifestOf(served.skillName);
    const requirement = manifest?.requiredTools.find((t) => t.toolName === served.toolName);
    if (!manifest || !requirement) throw new Error(`skills/${served.skillName}.json does not declare tool ${served.toolName}`);
    return { ...served, manifest, requirement };
  });
  return loaded;
}

/**
 * Calls a demo skill tool directly, in process (no MCP, no faults): the envelope it returns.
 * Keyed like the example index: `<manifestId>#<toolName>`; over `served` (default: the demo world).
 */
export function callDemoTool(key: string, args: Args, served?: WorldData): Envelope {
  const skill = demoSkills().find((s) => `${s.manifest.manifestId}#${s.requirement.toolName}` === key);
  if (!skill) throw new Error(`no demo skill tool ${key}`);
  if (!skill.tool) throw new Error(`demo skill tool ${key} works on audio: call it with callDemoAudioTool`);
  return runSkillTool(skill.tool, args, served);
}

/** callDemoTool for an audio skill tool, over `served` with its audio store. */
export async function callDemoAudioTool(key: string, args: Args, served: WorldData, ctx: AudioToolContext): Promise<Envelope> {
  const skill = demoSkills().find((s) => `${s.manifest.manifestId}#${s.requirement.toolName}` === key);
  if (!skill?.audioTool) throw new Error(`no demo audio skill tool ${key}`);
  return runAudioSkillTool(skill.audioTool, args, served, ctx);
}
