import Link from 'next/link';
import { Panel } from '@/components/ui/panel';
import { tagSearchHref } from './list-url';

/** The agent's tags; each finds the other agents that carry it (e.g. everyone in a session). */
export function AgentTags({ tags }: { tags: readonly string[] }) {
  return (
    <Panel title={`Tags (${tags.length})`} id="agent-tags">
      {tags.length === 0 ? (
        <p className="text-sm text-slate-500">No tags.</p>
      ) : (
        <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
          {tags.map((t) => (
            <li key={t} className="max-w-full min-w-0">
              <Link
                href={tagSearchHref(t)}
                title={`Find the agents tagged ${t}`}
                className={`block max-w-full truncate rounded-full bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-700 ring-1 ring-slate-200
                  ring-inset hover:bg-indigo-50 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-500`}
              >
                {t}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
