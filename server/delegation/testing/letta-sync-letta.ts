import { randomUUID } from 'node:crypto';
import { lettaSchemaProblems } from '../../agents/letta/testing/openapi-schemas.ts';
import { fixtureText, type ReplayedRequest, type Reply, type Route } from '../../agents/letta/testing/replay-server.ts';
import { DELEGATION_LOG_DESCRIPTION, DELEGATION_LOG_LIMIT } from '../delegation-log.ts';
import {
  newSessionContext,
  renderSessionContext,
  SESSION_CONTEXT_DESCRIPTION,
  SESSION_CONTEXT_LIMIT,
  setCompanion,
} from '../session-context.ts';
import { companionTags } from '../tags.ts';

/**
 * The Letta that letta-sync-*.int.test.ts sync from, as the replay server answers it: the
 * Conductor's history is a recorded message list (fixtures/recorded-responses.json,
 * `conductor_history_delegated`: the Conductor delegating, Companions reporting progress and
 * results with Letta's own send_message_to_agent_async, the Strategist advising, and messages that
 * must not count), and agents and blocks answer from a small state every response of which is
 * checked against the Letta OpenAPI document.
 */
export type Json = Record<string, any>; // recorded documents, read loosely
export const recorded = JSON.parse(fixtureText('recorded-responses.json')) as Record<string, { body: unknown }>;
export const HISTORY = recorded.conductor_history_delegated!.body as Json[]; // newest first, as Letta lists it
export const AGENT_TEMPLATE = recorded.agent_created!.body as Json;

export const SESSION = '7c1e5a90-3b2d-4f6e-8a4c-9d0b1e2f3a4b';
export const CONDUCTOR = 'agent-1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
export const C1 = 'agent-2e3d4c5b-6f7a-4b8c-9dae-1f2a3b4c5d6e';
export const C2 = 'agent-3f4e5d6c-7a8b-4c9d-aebf-2a3b4c5d6e7f';
export const STRATEGIST = 'agent-4a5b6c7d-8e9f-4a0b-9c1d-2e3f4a5b6c7d';
export const BLOCK = {
  session_context: 'block-51000001-2b3c-4d5e-8f60-718293a4b5c6',
  delegation_log: 'block-51000002-2b3c-4d5e-8f60-718293a4b5c6',
  strategist_guidelines: 'block-51000003-2b3c-4d5e-8f60-718293a4b5c6',
  companion_registry: 'block-51000004-2b3c-4d5e-8f60-718293a4b5c6',
};
export const msg = (i: number) => `message-${(0x7e000000 + i).toString(16)}-5d6e-4f70-8a1b-2c3d4e5f6a7b`;
export const SESSION_START = new Date('2026-03-30T09:58:00Z');

/** Letta as the replay server answers it: agents, blocks, the Conductor's history, queued runs. */
export class LettaState {
  agents = new Map<string, { name: string; tags: string[] }>();
  blocks = new Map<string, { label: string; value: string; limit: number; description: string; read_only: boolean }>();
  /** Newest first. */
  history: Json[] = [];
  queued: Array<{ agent_id: string; body: Json }> = [];
  /** Responses that do not follow the Letta document (must stay empty). */
  responseProblems: string[] = [];

  reset(history: Json[]) {
    this.agents = new Map([
      [CONDUCTOR, { name: 'conductor-compliance', tags: ['role:conductor', `session:${SESSION}`] }],
      [C1, { name: 'companion-7c1e5a90-1', tags: companionTags(SESSION, 'transcription', 'busy') }],
      [C2, { name: 'companion-7c1e5a90-2', tags: companionTags(SESSION, 'scoring', 'idle') }],
      [STRATEGIST, { name: 'strategist-7c1e5a90', tags: ['role:strategist', `session:${SESSION}`] }],
    ]);
    const context = setCompanion(
      {
        ...newSessionContext(SESSION, CONDUCTOR),
        active_tasks: {
          't-1': {
            companion_id: C1,
            description: "Transcribe Alex Wong's advice calls of 1–7 July 2024.",
            skills: ['skill://whisper-transcribe@1.0.0'],
            status: 'delegated',
            delegated_at: '2026-03-30T10:00:05Z',
          },
        },
      },
      C1,
      { status: 'busy', specialization: 'transcription', current_task_id: 't-1', updated_at: '2026-03-30T10:00:05Z' },
    );
    const block = (label: string, value: string, limit: number, description: string) => ({
      label,
      value,
      limit,
      description,
      read_only: true,
    });
    this.blocks = new Map([
      [BLOCK.session_context, block('session_context', renderSessionContext(context), SESSION_CONTEXT_LIMIT, SESSION_CONTEXT_DESCRIPTION)],
      [BLOCK.delegation_log, block('delegation_log', '', DELEGATION_LOG_LIMIT, DELEGATION_LOG_DESCRIPTION)],
      [BLOCK.strategist_guidelines, block('strategist_guidelines', '{}', 12_000, 'Guidelines.')],
      [BLOCK.companion_registry, { ...block('companion_registry', '{}', 20_000, 'The Companions of my session.'), read_only: false }],
    ]);
    this.history = structuredClone(history);
    this.queued = [];
    this.responseProblems = [];
  }

  #checked(component: string, value: unknown, status = 200): Reply {
    const items = component.endsWith('[]') ? (value as unknown[]) : [value];
    for (const item of items) this.responseProblems.push(...lettaSchemaProblems(component.replace(/\[\]$/, ''), item));
    return { status, json: value };
  }

  agentState(id: string): Json {
    const a = this.agents.get(id)!;
    const { managed_group: _none, ...base } = AGENT_TEMPLATE;
    const blocks = id === CONDUCTOR ? this.blockList(Object.values(BLOCK)) : [];
    return {
      ...base,
      id,
      name: a.name,
      tags: a.tags,
      tools: [],
      blocks,
      memory: { agent_type: 'letta_v1_agent', blocks },
      enable_sleeptime: false,
    };
  }

  blockList(ids: string[]): Json[] {
    return ids.map((id) => ({ id, ...this.blocks.get(id)!, metadata: {} }));
  }

  routes(): Route[] {
    const agentPath = /^\/v1\/agents\/(agent-[^/]+)$/;
    const blockPath = /^\/v1\/blocks\/(block-[^/]+)$/;
    const idIn = (r: ReplayedRequest, re: RegExp) => re.exec(r.url.pathname)![1]!;
    const notFound: Reply = { status: 404, json: { detail: 'Not found' } };
    return [
      {
        method: 'GET',
        path: agentPath,
        reply: (r) => (this.agents.has(idIn(r, agentPath)) ? this.#checked('AgentState', this.agentState(idIn(r, agentPath))) : notFound),
      },
      {
        method: 'PATCH',
        path: agentPath,
        reply: (r) => {
          const id = idIn(r, agentPath);
          this.agents.get(id)!.tags = (r.body as { tags: string[] }).tags;
          return this.#checked('AgentState', this.agentState(id));
        },
      },
      {
        method: 'GET',
        path: '/v1/agents/',
        reply: (r) => {
          const tags = r.url.searchParams.getAll('tags');
          const all = r.url.searchParams.get('match_all_tags') === 'true';
          const match = (own: string[]) => (all ? tags.every((t) => own.includes(t)) : tags.some((t) => own.includes(t)));
          return this.#checked(
            'AgentState[]',
            [...this.agents].filter(([, a]) => match(a.tags)).map(([id]) => this.agentState(id)),
          );
        },
      },
      {
        method: 'GET',
        path: `/v1/agents/${CONDUCTOR}/core-memory/blocks`,
        reply: () => this.#checked('BlockResponse[]', this.blockList(Object.values(BLOCK))),
      },
      { method: 'GET', path: blockPath, reply: (r) => this.#checked('BlockResponse', this.blockList([idIn(r, blockPath)])[0]) },
      {
        method: 'PATCH',
        path: blockPath,
        reply: (r) => {
          const id = idIn(r, blockPath);
          this.blocks.get(id)!.value = (r.body as { value: string }).value;
          return this.#checked('BlockResponse', this.blockList([id])[0]);
        },
      },
      {
        method: 'GET',
        path: `/v1/agents/${CONDUCTOR}/messages`,
        reply: (r) => {
          const before = r.url.searchParams.get('before');
          const start = before ? this.history.findIndex((m) => m.id === before) + 1 : 0;
          if (before && start === 0)
            return { status: 404, json: { detail: `No message found with id '${before}' for agent '${CONDUCTOR}'.` } };
          return this.#checked('LettaMessageUnion[]', this.history.slice(start, start + Number(r.url.searchParams.get('limit'))));
        },
      },
      {
        method: 'POST',
        path: /^\/v1\/agents\/agent-[^/]+\/messages\/async$/,
        reply: (r) => {
          const agent_id = r.url.pathname.split('/')[3]!;
          this.queued.push({ agent_id, body: r.body as Json });
          return this.#checked('Run', { id: `run-${randomUUID()}`, agent_id, status: 'created' });
        },
      },
    ];
  }
}
