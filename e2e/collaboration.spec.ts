import { expect, test } from '@playwright/test';
import { DEMO, shot, signIn } from './helpers';
import { callTool } from './mcp';
import { trpc } from './trpc';

type Created = { status: string; agent_id: string };

/**
 * Collaboration (issue 18): two real agents on the platform; the coordinator, acting over MCP with
 * a token naming it, opens a session and delegates a subtask, which the other agent carries out
 * and reports; the coordinator rates it; an
 * admin reads the session on /collaboration by the agents' names, with the subtask's outcome and
 * the evaluation; compare_models then counts the rating. A stakeholder has no such page.
 */
test('an admin follows a collaboration session the agents ran over MCP', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.admin, '/collaboration');
  const stamp = Date.now();
  const agent = (label: string) =>
    trpc<Created>(
      page.request,
      'schedules.createAgentInstance',
      {
        agent_type_template: 'generic-worker',
        agent_name_label: `${label} ${stamp}`,
        initial_config_json: '{}',
        start_immediately: true,
      },
      'mutation',
    );
  const lead = await agent('Review lead');
  const analyst = await agent('Call analyst');
  expect([lead.status, analyst.status]).toEqual(['ok', 'ok']);
  const { token } = await trpc<{ token: string }>(
    page.request,
    'apiTokens.create',
    { name: `collaboration ${stamp}`, agentName: lead.agent_id, scopes: ['write'] },
    'mutation',
  );
  const ok = async (name: string, args: Record<string, unknown>) => {
    const r = await callTool(request, token, name, args);
    expect(r.structuredContent, `${name}: ${JSON.stringify(r.structuredContent)}`).toMatchObject({ status: 'ok' });
    return r.structuredContent;
  };

  const title = `Vulnerability check ${stamp}`;
  const session = await ok('create_collaboration_session', {
    title,
    description: 'Check last week’s calls for missed vulnerability cues',
    participant_model_ids: [analyst.agent_id],
    coordinator_model_id: lead.agent_id,
  });
  const subtask = `vuln-${stamp}`;
  // The analyst (its deterministic brain) carries the subtask out itself with the skill call it is
  // given, and reports the result with merge_results.
  await ok('delegate_subtask', {
    coordinator_agent_id: lead.agent_id,
    assigned_agent_id: analyst.agent_id,
    subtask_id: subtask,
    subtask_description: 'List calls where a vulnerability cue went unanswered',
    parent_task_id: session.session_id,
    contextual_data: { skill_tool_call: { skill: 'skill://builtin.echo@1.0.0', arguments: { text: 'Two calls: 1041, 1057' } } },
  });
  await expect(async () => {
    const read = await trpc<{ subtasks: Array<{ status: string }> }>(
      page.request,
      'collaboration.session',
      { id: session.session_id },
      'query',
    );
    expect(read.subtasks.map((t) => t.status)).toEqual(['done']);
  }).toPass({ timeout: 60_000 });
  await ok('evaluate_contribution', {
    evaluating_agent_id: lead.agent_id,
    contributing_agent_id: analyst.agent_id,
    contribution_ref: subtask,
    evaluation_criteria: { clarity: 4, completeness: 2 },
    comments: 'Name the cue in each call',
  });
  // Acting as another agent is refused.
  const forged = await callTool(request, token, 'evaluate_contribution', {
    evaluating_agent_id: analyst.agent_id,
    contributing_agent_id: lead.agent_id,
    contribution_ref: subtask,
    comments: 'x',
  });
  expect(forged.structuredContent).toMatchObject({ status: 'error', error_code: 'forbidden' });

  await page.goto('/collaboration');
  await page.getByRole('button', { name: title }).click();
  const detail = page.getByTestId('collaboration-session');
  await expect(detail).toContainText('Check last week’s calls for missed vulnerability cues');
  await expect(detail).toContainText(`Review lead ${stamp}`);
  await expect(detail.getByRole('heading', { name: 'Subtasks (1)' })).toBeVisible();
  await expect(detail).toContainText('List calls where a vulnerability cue went unanswered');
  // What the analyst's skill call returned, as it reported it.
  await expect(detail.getByTestId('subtask-result')).toContainText('Two calls: 1041, 1057');
  await expect(detail).toContainText('done');
  const evaluation = detail.getByRole('listitem').filter({ hasText: 'rated' });
  await expect(evaluation).toContainText(`Review lead ${stamp}`);
  await expect(evaluation).toContainText(`Call analyst ${stamp}`);
  await expect(evaluation).toContainText('clarity 4 · completeness 2');
  await expect(evaluation).toContainText('“Name the cue in each call”');
  await page.screenshot({ path: shot('collaboration-session'), fullPage: true });

  const compared = await ok('compare_models', { model_ids: [analyst.agent_id] });
  expect(compared.models).toMatchObject([
    {
      model_id: analyst.agent_id,
      figures: { tasks_done: 1, overall_rating: { mean: 3, count: 2 }, evaluations: { rated: 1, below_midpoint: 0 } },
    },
  ]);
});

test('a stakeholder has no Collaboration page', async ({ page }) => {
  await signIn(page, DEMO.stakeholder, '/dashboard');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Collaboration' })).toHaveCount(0);
});
