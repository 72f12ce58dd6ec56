import { Badge } from '@/components/ui/badge';
import { AGENT_ROLE_LABELS, type AgentRole } from '@/lib/agent-roles';

/**
 * The part an agent plays (its `role:` tag), or "Other" for an agent with none of ours. Tones
 * mean something in this console (ok, warn, bad…), so roles are told apart by their words; the
 * two agents people talk to, Planner and Conductor, are marked `info` as in Chat.
 */
export function RoleBadge({ role }: { role: AgentRole | null }) {
  const talksToPeople = role === 'planner' || role === 'conductor';
  return <Badge tone={talksToPeople ? 'info' : 'neutral'}>{role ? AGENT_ROLE_LABELS[role] : 'Other'}</Badge>;
}
