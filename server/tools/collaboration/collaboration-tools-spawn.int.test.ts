import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isKnownTool } from '../../agents/local/agent-tools.ts';
import { loadAgentTemplate } from '../../agents/templates/load-template.ts';
import { collaborationExternalAgents } from '../../db/schema/index.ts';
import { authenticateApiToken } from '../../auth/api-tokens.ts';
import { collaborationToolsHarness } from './testing/collaboration-tools-harness.ts';

/**
 * Contract tests of the collaboration tools (collaboration-tools.md) on the local runtime and a real
 * database (collaboration-tools-harness.ts): spawning agents — a generic worker from its template, and the
 * external agent types.
 */
describe('the collaboration tools', () => {
  const harness = collaborationToolsHarness();
  const { agent, call, okCall, heard, worker, received } = harness;

  it('spawn_agent generic-worker: a real agent from the validated template, with role, capabilities and its first task', async () => {
    const template = await loadAgentTemplate('generic-worker', { isKnownTool });
    expect(template.ref).toBe('generic-worker@1.0.0');
    const coord = await worker(['coordination']);
    const r = await okCall(
      'spawn_agent',
      {
        requesting_agent_id: coord.id,
        agent_type: 'generic-worker',
        role: 'Data Analyst',
        capabilities: ['Sentiment Analysis', 'call-auditing'],
        initial_task_description: 'Score the calls',
      },
      agent(coord.id),
    );
    expect(r).toMatchObject({
      created: true,
      spawn_status: 'created',
      template: 'generic-worker@1.0.0',
      capabilities: ['sentiment-analysis', 'call-auditing'],
      mcp: null,
    });
    const a = (await harness.platform.getAgent(r.proposed_agent_id as string))!;
    expect(a.tags).toEqual(
      expect.arrayContaining([
        'role:generic-worker',
        'role:data-analyst',
        'capability:sentiment-analysis',
        'capability:call-auditing',
        'status:idle',
      ]),
    );
    const blocks = await harness.platform.listAgentBlocks(a.id);
    expect(blocks.find((b) => b.label === 'assignment')!.value).toContain('Role: Data Analyst');
    await heard(a.id, r.initial_task_message_id as string);
    expect(received.get(a.id)!.join('\n')).toContain('Score the calls');
    // It is now an agent others can find by capability.
    const help = await okCall('request_assistance', {
      requesting_agent_id: coord.id,
      task_description: 'audit',
      required_capabilities: ['call-auditing'],
    });
    expect(help.targeted_agent_ids).toEqual([a.id]);
    expect(
      await call('spawn_agent', {
        requesting_agent_id: coord.id,
        agent_type: 'gpt-pilot',
        role: 'x',
        capabilities: [],
      }),
    ).toMatchObject({ error_code: 'invalid_input' });
    expect(
      await call('spawn_agent', { requesting_agent_id: coord.id, agent_type: 'generic-worker', role: 'x', capabilities: [] }, agent(a.id)),
    ).toMatchObject({ error_code: 'forbidden' });
  });

  it.each(['cline-vscode', 'claude-desktop', 'roocode-vscode'])(
    'spawn_agent %s: launch instructions with a fresh token scoped to the proposed id',
    async (type) => {
      const coord = await worker(['coordination']);
      const r = await okCall('spawn_agent', {
        requesting_agent_id: coord.id,
        agent_type: type,
        role: 'QA',
        capabilities: ['compliance'],
      });
      const id = r.proposed_agent_id as string;
      expect(id).toMatch(new RegExp(`^${type}-qa-[0-9a-f]{8}$`));
      expect(r).toMatchObject({ created: false, spawn_status: 'awaiting_launch' });
      expect(r.system_prompt).toContain(`You are ${id}, a QA agent`);
      const mcp = r.mcp as { url: string; token: string; agent_name: string; config: unknown };
      expect(mcp.url).toBe(`${harness.services.config.execution.publicUrl}/api/mcp`);
      expect(JSON.stringify(mcp.config)).toContain(mcp.url);
      expect(JSON.stringify(mcp.config)).toContain(mcp.token);
      const auth = await authenticateApiToken(harness.handle.db, mcp.token);
      expect(auth).toMatchObject({ ok: true, principal: { agentName: id, scopes: ['write'] } });
      expect(await harness.handle.db.select().from(collaborationExternalAgents).where(eq(collaborationExternalAgents.id, id))).toHaveLength(
        1,
      );
      // The external agent is known: it can be compared and evaluated (and acts as itself with its token).
      const cmp = await okCall('compare_models', { model_ids: [id] });
      expect((cmp.models as Array<{ kind: string }>)[0]!.kind).toBe('external');
      expect(await call('share_plan_update', { sender_id: id, recipient_id: coord.id, plan_summary: 'hello' }, agent(id))).toMatchObject({
        status: 'ok',
        delivered_to: [coord.id],
      });
    },
  );
});
