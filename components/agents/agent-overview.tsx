import Link from 'next/link';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { CopyButton } from '@/components/ui/copy-button';
import { Panel } from '@/components/ui/panel';
import { tagValue } from '@/lib/tags';
import { AgentLink } from './agent-link';
import { tagSearchHref } from './list-url';
import { RoleBadge } from './role-badge';
import type { AgentDetail } from './types';
import { When } from './when';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-slate-500">{term}</dt>
      <dd className="min-w-0 text-sm break-words text-slate-800">{children}</dd>
    </div>
  );
}

/** Who the agent is and where it belongs: role, template, id, age, conversation, session, run, sleep-time link. */
export function AgentOverview({ agent }: { agent: AgentDetail }) {
  const c = agent.conversation;
  const s = agent.session;
  const runId = tagValue(agent.tags, 'run:');
  const state = tagValue(agent.tags, 'state:');
  return (
    <Panel title="Overview" id="agent-overview">
      <dl className="space-y-3">
        <Row term="Role">
          <RoleBadge role={agent.role} />
        </Row>
        <Row term="Template">
          <span className="font-mono text-xs">{agent.template ?? 'none'}</span>
        </Row>
        <Row term="Agent id">
          <span className="font-mono text-xs">{agent.id}</span> <CopyButton text={agent.id} label="Copy the agent id" />
        </Row>
        <Row term="Created">
          <When at={agent.created_at} />
        </Row>
        {c && (
          <Row term={c.mode === 'conductor' ? 'Conductor conversation' : 'Planner conversation'}>
            “{c.title}”
            <span className="block text-xs text-slate-500">
              {c.owner_name ?? 'a deleted user'}
              {c.owner_email ? ` <${c.owner_email}>` : ''} · started <When at={c.created_at} />
            </span>
            <span className="block text-xs text-slate-500">Conversations are private to their owner: read the agent’s messages here.</span>
          </Row>
        )}
        {s && (
          <Row term="Delegated-mode session">
            <span className="font-mono text-xs" title={s.id}>
              {s.id}
            </span>{' '}
            <CopyButton text={s.id} label="Copy the session id" />
            <span className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-slate-600">
              <Badge tone={s.status === 'active' ? 'ok' : 'neutral'}>{s.status === 'active' ? 'active' : 'finalized'}</Badge>
              since <When at={s.created_at} />
              {s.finalized_at && (
                <>
                  , finalized <When at={s.finalized_at} />
                </>
              )}
            </span>
            {s.conductor && s.conductor.id !== agent.id && (
              <span className="block text-xs text-slate-600">
                Conductor: <AgentLink agent={s.conductor} />
              </span>
            )}
            {s.strategist && s.strategist.id !== agent.id && (
              <span className="block text-xs text-slate-600">
                Strategist: <AgentLink agent={s.strategist} />
              </span>
            )}
            <Link
              href={`/companions?session=${encodeURIComponent(s.id)}`}
              className="block py-1 text-xs font-medium text-indigo-700 underline-offset-2 hover:underline"
            >
              The session on the Companions page
            </Link>
            <Link
              href={tagSearchHref(`session:${s.id}`)}
              className="block py-1 text-xs font-medium text-indigo-700 underline-offset-2 hover:underline"
            >
              Every agent of this session
            </Link>
          </Row>
        )}
        {runId && (
          <Row term="Workflow run">
            <Link
              href={`/runs/${encodeURIComponent(runId)}`}
              className="font-mono text-xs text-indigo-700 underline-offset-2 hover:underline"
            >
              {runId}
            </Link>
            {state && <span className="block text-xs text-slate-600">State {state}</span>}
          </Row>
        )}
        {agent.sleeptime_agent && (
          <Row term="Sleep-time agent">
            <AgentLink agent={agent.sleeptime_agent} />
          </Row>
        )}
        {agent.serves && (
          <Row term="Sleep-time agent of">
            <AgentLink agent={agent.serves} />
          </Row>
        )}
      </dl>
    </Panel>
  );
}
