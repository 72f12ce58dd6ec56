import { AGENT_ROLE_LABELS } from './agent-roles.ts';
import { chatAgentOf } from './chat-agent-name.ts';

/**
 * Who started a run, as the runs list, the run view and a QA record's provenance say it. A run
 * records the label its starter acted under (`started_by`): a console user's e-mail, the name a
 * chat gave its agent ("planner-casey@demo.dcf-96204138": the person's e-mail and their Planner
 * chat), `cli:<user>` for the `dcf` command line. Said as a person reads it; anything else as
 * recorded. The recorded label stays what exports and the audit log carry.
 */
export function startedByText(startedBy: string): string {
  const chat = chatAgentOf(startedBy);
  if (chat) return `${chat.email} · ${AGENT_ROLE_LABELS[chat.mode]} chat`;
  if (startedBy.startsWith('cli:') && startedBy.length > 4) return `dcf command line · ${startedBy.slice(4)}`;
  return startedBy;
}
