/**
 * The `data` shape of every shipped skill, from the example results in
 * schemas/examples/ours/data-plane-output/ (`<skillName>.<tool>.json`), keyed by the skill URI
 * the manifests in skills/ declare — what the UI would hand `stateShapes` as `skillOutputs`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { shapeOfValue, type Shape } from '../shape';

const root = join(import.meta.dirname, '../../../..');

export function exampleSkillOutputs(): Record<string, Shape> {
  const examples = join(root, 'schemas/examples/ours/data-plane-output');
  const out: Record<string, Shape> = {};
  for (const file of readdirSync(join(root, 'skills')).filter((f) => f.endsWith('.json'))) {
    const manifest = JSON.parse(readFileSync(join(root, 'skills', file), 'utf8')) as {
      manifestId?: string;
      skillName?: string;
      requiredTools?: Array<{ toolName: string }>;
    };
    // A Task runs its skill's first tool (compliance-analysis's second, describe_rule_set, is the Planner's).
    const tool = manifest.requiredTools?.[0]?.toolName;
    const example = readdirSync(examples).find((f) => f === `${manifest.skillName}.${tool}.json`);
    if (!manifest.manifestId || !example) continue;
    out[manifest.manifestId] = shapeOfValue((JSON.parse(readFileSync(join(examples, example), 'utf8')) as { data: unknown }).data);
  }
  return out;
}

/** A workflow file of the repository, parsed. */
export function repositoryWorkflow(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(root, 'workflows', name), 'utf8')) as Record<string, unknown>;
}
