import type { AppConfig } from '../../config.ts';
import type { Brain } from './brain.ts';
import { defaultDeterministicBrains, type DeterministicBrains } from './deterministic.ts';
import { OpenAIChatBrain } from './openai/openai-brain.ts';

/** Which brain each local agent thinks with, and how the console describes it. */
export interface BrainSelection {
  /** The brain for an agent of this role; null when there is none (the agent then answers with an error). */
  forRole(role: string): Brain | null;
  describe(): { brain: string; model?: string; base_url?: string };
}

/** Every agent thinks with one OpenAI-compatible model. */
export function openAIBrains(brain: OpenAIChatBrain): BrainSelection {
  return { forRole: () => brain, describe: () => ({ brain: 'openai', model: brain.model, base_url: brain.baseUrl }) };
}

/** Every agent thinks with its role's deterministic brain. */
export function deterministicBrains(brains: DeterministicBrains = defaultDeterministicBrains()): BrainSelection {
  return { forRole: (role) => brains.for(role), describe: () => ({ brain: 'deterministic' }) };
}

/** The selection configuration asks for: OPENAI_MODEL set → `openai`, else `deterministic`. */
export function brainsFromConfig(cfg: AppConfig['agentBrain'], fetchImpl?: typeof fetch): BrainSelection {
  return cfg.kind === 'openai'
    ? openAIBrains(new OpenAIChatBrain({ baseUrl: cfg.baseUrl, model: cfg.model, apiKey: cfg.apiKey, fetch: fetchImpl }))
    : deterministicBrains();
}
