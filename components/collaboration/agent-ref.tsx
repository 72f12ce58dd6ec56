/**
 * An agent as people read it: its name, with the id the tools take beside it (small, for copying);
 * the id alone when the console does not know the name (an agent deleted since).
 */
export function AgentRef({ id, names }: { id: string; names: Record<string, string> }) {
  const name = names[id];
  if (!name)
    return (
      <code className="text-xs" data-testid="agent-ref">
        {id}
      </code>
    );
  return (
    <span className="inline-flex items-baseline gap-1" data-testid="agent-ref" title={id}>
      <span className="font-medium text-slate-800">{name}</span>
      <code className="text-[10px] text-slate-500">{id.length > 12 ? `${id.slice(0, 8)}…` : id}</code>
    </span>
  );
}
