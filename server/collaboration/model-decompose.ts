import { z } from 'zod';
import type { AppConfig } from '../config.ts';
import { normalizeCapability } from './capability-words.ts';
import type { KnownCapability } from './capabilities.ts';
import { UNMATCHED_REASON, type DecomposedSubtask } from './decompose.ts';

const answerSchema = z.object({
  subtasks: z
    .array(z.object({ description: z.string().trim().min(1), required_capabilities: z.array(z.string()) }))
    .min(1)
    .max(50),
});

export type ModelConfig = Extract<AppConfig['agentBrain'], { kind: 'openai' }>;

/**
 * decompose_task with a language model (OPENAI_MODEL, the local runtime's OpenAI-compatible
 * chat-completions endpoint): the model is given the task and the known capabilities and must
 * answer one JSON object `{"subtasks": [{"description", "required_capabilities"}]}`. The answer is
 * validated; capabilities it names that are not known are dropped and reported (never invented).
 * Throws when the endpoint fails or the answer is not valid, so the caller falls back offline.
 */
export async function decomposeWithModel(
  cfg: ModelConfig,
  task: string,
  known: readonly KnownCapability[],
  fetchImpl: typeof fetch = fetch,
): Promise<{ subtasks: DecomposedSubtask[]; dropped: string[] }> {
  const names = known.map((k) => k.name);
  const res = await fetchImpl(`${cfg.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {}) },
    body: JSON.stringify({
      model: cfg.model,
      temperature: 0,
      messages: [
        {
          role: 'system',
          content:
            'You decompose a task into ordered subtasks for a team of agents. Answer with one JSON object only: ' +
            '{"subtasks": [{"description": "…", "required_capabilities": ["…"]}]}. Use only capabilities from this list, an empty list ' +
            `when none fits: ${JSON.stringify(names)}`,
        },
        { role: 'user', content: task },
      ],
    }),
    signal: AbortSignal.timeout(60_000),
  });
  if (!res.ok) throw new Error(`the model endpoint answered HTTP ${res.status}`);
  const body = (await res.json()) as { choices?: Array<{ message?: { content?: string | null } }> };
  const text = body.choices?.[0]?.message?.content ?? '';
  const json = text.replace(/^\s*```(?:json)?\s*/i, '').replace(/\s*```\s*$/, '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error('the model did not answer with JSON');
  }
  const answer = answerSchema.safeParse(parsed);
  if (!answer.success)
    throw new Error(
      `the model's answer does not have the expected shape: ${answer.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  const knownNames = new Set(names);
  const dropped = new Set<string>();
  const subtasks = answer.data.subtasks.map((s, i): DecomposedSubtask => {
    const caps = [...new Set(s.required_capabilities.map(normalizeCapability))];
    for (const cap of caps) if (!knownNames.has(cap)) dropped.add(cap);
    const required = caps.filter((cap) => knownNames.has(cap)).sort();
    return {
      id: `subtask-${i + 1}`,
      description: s.description,
      required_capabilities: required,
      evidence: {},
      ...(required.length === 0 ? { unmatched_reason: UNMATCHED_REASON } : {}),
    };
  });
  return { subtasks, dropped: [...dropped].sort() };
}
