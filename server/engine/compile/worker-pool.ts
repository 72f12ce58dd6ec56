import { isObject } from '../json.ts';
import type { StateNode } from '../asl/state-tree.ts';
import type { AgentTemplate } from './control-plane-meta.ts';

/**
 * Reads an AgentBinding.agent_template_ref: `{name: "t@1.0.0"}` and `{name: "t", version: "1.0.0"}`
 * both mean `{name: "t", version: "1.0.0"}`; a name without a version stays unversioned.
 * A ref without a name (only an `id`) names no template here.
 */
export function parseAgentTemplateRef(ref: unknown): AgentTemplate | null {
  if (!isObject(ref) || typeof ref.name !== 'string' || ref.name === '') return null;
  if (typeof ref.version === 'string' && ref.version !== '') return { name: ref.name, version: ref.version };
  const at = ref.name.lastIndexOf('@');
  if (at > 0 && at < ref.name.length - 1) return { name: ref.name.slice(0, at), version: ref.name.slice(at + 1) };
  return { name: ref.name };
}

/**
 * The meta has one `worker_pool`. When Task states use different templates, the pool is the
 * template used by the most Tasks, ties going to the one met first in document order. Tasks bound
 * to another template keep it in their own AgentBinding, which the worker spawner reads first;
 * `worker_pool` is the workflow's default. Returns null when no Task names a template.
 */
export function chooseWorkerPool(states: readonly StateNode[]): AgentTemplate | null {
  const counts = new Map<string, { template: AgentTemplate; count: number }>();
  for (const node of states) {
    if (!isObject(node.value) || node.value.Type !== 'Task' || !isObject(node.value.AgentBinding)) continue;
    const template = parseAgentTemplateRef(node.value.AgentBinding.agent_template_ref);
    if (!template) continue;
    const key = `${template.name}@${template.version ?? ''}`;
    const entry = counts.get(key);
    if (entry) entry.count++;
    else counts.set(key, { template, count: 1 });
  }
  let best: { template: AgentTemplate; count: number } | null = null;
  for (const entry of counts.values()) if (!best || entry.count > best.count) best = entry;
  return best?.template ?? null;
}
