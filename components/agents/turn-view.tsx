import { AgentLink } from './agent-link';
import { plural } from './format';
import { ThreadItemView } from './thread-item-view';
import type { Turn } from './turns';
import { When } from './when';

type Props = { turn: Turn; times: ReadonlyMap<string, string>; agentName: string; userName: string };

function Opener({ turn, userName }: Pick<Props, 'turn' | 'userName'>) {
  const o = turn.opener;
  if (!o) return <>Continues from older messages</>;
  if (o.kind === 'user') return <>Message from {userName}</>;
  if (o.kind === 'system') return <>System message</>;
  return (
    <>
      Message from agent <AgentLink agent={{ id: o.sender, name: o.sender }} />
    </>
  );
}

/**
 * One turn: a header saying what started it, when, and how many tool calls and problems it had,
 * then its items in order, each with its time (London).
 */
export function TurnView({ turn, times, agentName, userName }: Props) {
  const headingId = `turn-${turn.key}`;
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white" data-testid="agent-turn">
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-2">
        <h3 id={headingId} className="text-sm font-medium text-slate-800">
          <Opener turn={turn} userName={userName} />
        </h3>
        <p className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
          {turn.toolCalls > 0 && <span>{plural(turn.toolCalls, 'tool call')}</span>}
          {turn.problems > 0 && <span className="font-medium text-red-700">{plural(turn.problems, 'problem')}</span>}
          {turn.at && <When at={turn.at} />}
        </p>
      </header>
      <ol className="space-y-2 bg-slate-50/60 px-4 py-3">
        {[...(turn.opener ? [turn.opener] : []), ...turn.items].map((item, i) => {
          const at = times.get(item.id);
          return (
            // Letta gives a step's reasoning and tool call one message id: the position keeps keys unique.
            <li key={`${i}-${item.kind}-${item.id}`} className="grid grid-cols-[4.5rem_minmax(0,1fr)] items-start gap-2">
              <span className="pt-1.5 text-right text-[11px] text-slate-500">{at && <When at={at} timeOnly />}</span>
              <ThreadItemView item={item} agentName={agentName} userName={userName} />
            </li>
          );
        })}
      </ol>
    </article>
  );
}
