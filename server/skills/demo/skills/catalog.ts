import { readFileSync } from 'node:fs';
import { repoPath } from '../repo-path.ts';
import { parseSkillManifest, type SkillManifest, type ToolRequirement } from '../../manifest.ts';
import { evaluateCompliance } from './compliance.ts';
import { diarizeTranscript } from './diarize.ts';
import { runSkillTool, type Args, type Envelope, type SkillTool } from './envelope.ts';
import { getApplicationsByAdvisor, getRecordingsByApplicationIds } from './records.ts';
import { calculateScore } from './scoring.ts';
import { segmentAndLabel } from './segment.ts';
import { analyzeSentiment } from './sentiment.ts';
import { transcribeAssemblyAi, transcribeWhisper } from './transcribe.ts';

/**
 * The nine spec skills (§5.10) the demo server serves, each with its one tool, by the tool name
 * and parameters of its manifest in skills/ (research.web is not served: it needs the web).
 */
export const DEMO_SKILL_TOOLS: ReadonlyArray<{ skillName: string; toolName: string; tool: SkillTool }> = [
  { skillName: 'salesforce-integration', toolName: 'get_applications_by_advisor', tool: getApplicationsByAdvisor },
  { skillName: 'recording-management', toolName: 'get_recordings_by_application_ids', tool: getRecordingsByApplicationIds },
  { skillName: 'whisper-transcribe', toolName: 'transcribe_audio', tool: transcribeWhisper },
  { skillName: 'assemblyai-transcribe', toolName: 'transcribe_audio_async', tool: transcribeAssemblyAi },
  { skillName: 'gpt4o-diarize', toolName: 'diarize_transcript', tool: diarizeTranscript },
  { skillName: 'labelling-segmentation', toolName: 'segment_and_label', tool: segmentAndLabel },
  { skillName: 'sentiment-analysis', toolName: 'analyze_sentiment', tool: analyzeSentiment },
  { skillName: 'compliance-analysis', toolName: 'evaluate_compliance', tool: evaluateCompliance },
  { skillName: 'scoring', toolName: 'calculate_score', tool: calculateScore },
];

export const DEMO_SKILL_NAMES = DEMO_SKILL_TOOLS.map((t) => t.skillName);

/** Each served skill's manifest (skills/<skillName>.json) and the requirement of its tool. */
export interface DemoSkill {
  skillName: string;
  manifest: SkillManifest;
  requirement: ToolRequirement;
  tool: SkillTool;
}

let loaded: DemoSkill[] | undefined;
export function demoSkills(): DemoSkill[] {
  loaded ??= DEMO_SKILL_TOOLS.map(({ skillName, toolName, tool }) => {
    const doc: unknown = JSON.parse(readFileSync(repoPath('skills', `${skillName}.json`), 'utf8'));
    const manifest = parseSkillManifest(doc);
    const requirement = manifest?.requiredTools.find((t) => t.toolName === toolName);
    if (!manifest || !requirement) throw new Error(`skills/${skillName}.json does not declare tool ${toolName}`);
    return { skillName, manifest, requirement, tool };
  });
  return loaded;
}

/**
 * Calls a demo skill tool directly, in process (no MCP, no faults): the envelope it returns.
 * Keyed like the example index: `<manifestId>#<toolName>`.
 */
export function callDemoTool(key: string, args: Args): Envelope {
  const skill = demoSkills().find((s) => `${s.manifest.manifestId}#${s.requirement.toolName}` === key);
  if (!skill) throw new Error(`no demo skill tool ${key}`);
  return runSkillTool(skill.tool, args);
}
