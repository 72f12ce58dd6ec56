import Link from 'next/link';
import { agentHref } from './list-url';

/** A link to another agent's page, by name (its id when the name is not known). */
export function AgentLink({ agent }: { agent: { id: string; name: string } }) {
  return (
    <Link
      href={agentHref(agent.id)}
      title={agent.id}
      className="font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
    >
      {agent.name}
    </Link>
  );
}
