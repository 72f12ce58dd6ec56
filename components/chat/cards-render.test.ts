import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import pilot from '../../workflows/standard-advice-call-analysis.json';
import allCalls from '../../workflows/standard-advice-call-analysis-all-calls.json';
import pilotOutput from './fixtures/pilot-run-output.json';
import { ChangesSummary } from '@/components/editor/compare/changes-summary';
import { workflowChanges } from '@/components/editor/compare/workflow-changes';
import { RunCallsTable } from './run-calls-table';
import { cardForTool, type WorkflowCard as WorkflowCardData } from './cards';
import { MarkdownView } from './markdown-view';
import { AssistantMessage, ReasoningCard, UserMessage } from './message-items';
import { QaCard } from './qa-card';
import { qaResultOf } from './run-view';
import { foldThread, type ToolItem } from './thread';
import { ToolCard } from './tool-card';
import { WorkflowCard } from './workflow-card';
import { queueItemFixture } from '@/server/qa/testing/queue-item';

/** Server-rendered markup of the presentational pieces: the test ids and texts the page promises. */
const html = (el: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(el);

const tool = (name: string, args: unknown, ret?: unknown): ToolItem =>
  foldThread([
    { event: { message_type: 'tool_call_message', id: 'm1', tool_call: { tool_call_id: 'c1', name, arguments: JSON.stringify(args) } } },
    ...(ret === undefined
      ? []
      : [
          {
            event: {
              message_type: 'tool_return_message' as const,
              id: 'r1',
              tool_call_id: 'c1',
              name,
              status: 'success' as const,
              tool_return: JSON.stringify(ret),
            },
          },
        ]),
  ])[0] as ToolItem;

describe('chat pieces render', () => {
  it('messages carry chat-message with their role; reasoning is a folded card', () => {
    expect(html(createElement(UserMessage, { content: 'Hi <b>there</b>' }))).toMatch(
      /data-testid="chat-message" data-role="user"[\s\S]*Hi &lt;b&gt;there&lt;\/b&gt;/,
    );
    expect(html(createElement(AssistantMessage, { content: 'A **bold** reply', agentLabel: 'the Planner' }))).toMatch(
      /data-role="assistant"[\s\S]*<strong class="font-semibold">bold<\/strong>/,
    );
    expect(html(createElement(ReasoningCard, { reasoning: 'Check the catalog first.' }))).toMatch(
      /<details[^>]*data-testid="chat-reasoning"[\s\S]*Reasoning/,
    );
  });

  it('a tool card names its tool and shows arguments and result as JSON', () => {
    const out = html(
      createElement(ToolCard, {
        item: tool('validate_workflow', { path: 'workflows/x.json' }, { status: 'ok', error: null, valid: true }),
        running: false,
      }),
    );
    expect(out).toContain('data-testid="chat-tool-card" data-tool="validate_workflow" data-status="ok"');
    expect(out).toContain('&quot;path&quot;: &quot;workflows/x.json&quot;');
  });

  it('the workflow card: name, version, states, verdict, and the saved version’s link', () => {
    const validated = cardForTool(
      tool('validate_workflow', { workflow: pilot }, { status: 'ok', error: null, valid: true, errors: [], warnings: [] }),
    ) as WorkflowCardData;
    const out = html(createElement(WorkflowCard, { card: validated, pending: false }));
    expect(out).toContain('data-testid="chat-workflow-card"');
    expect(out).toMatch(/Standard Advice Call Analysis[\s\S]*v1\.0\.0/);
    expect(out).toMatch(/States<\/dt><dd[^>]*>7/);
    expect(out).toContain('Valid');
    const saved = html(
      createElement(WorkflowCard, {
        card: { ...validated, saved: { workflowId: pilot.workflow_id, version: '1.0.0' } },
        pending: false,
      }),
    );
    expect(saved).toContain(`href="/graph?workflow=${pilot.workflow_id}&amp;version=1.0.0"`);
  });

  it('the QA card: the score big, the breakdown and the failed rules with their evidence', () => {
    const out = html(createElement(QaCard, { qa: qaResultOf(pilotOutput)! }));
    expect(out).toContain('data-testid="chat-qa-card"');
    expect(out).toMatch(/data-testid="chat-qa-score"[^>]*>60<span[^>]*>\/100/);
    expect(out).toMatch(/compliance<\/dt>[\s\S]*35 pts/);
    expect(out).toContain('FCA-DISC-01');
    expect(out).toContain('Nothing in the call to quote');
    expect(out).toContain('“Based on your application we can offer');
  });

  it('the per-call table: each call links to its QA review, lowest score first, and the run’s queue below', () => {
    const item = (callId: string, score: number, o: Record<string, unknown> = {}) =>
      queueItemFixture({
        qa_result_id: `qa-${callId}`,
        call_id: callId,
        run_id: 'run-1',
        application_id: null,
        team: null,
        customer: null,
        call_at: '2024-07-02T10:05:00.000Z',
        score,
        failed_mandatory: 0,
        rules_failed: 0,
        rules_passed: 20,
        failed_rule_ids: [],
        vulnerable: false,
        review_status: 'unreviewed',
        workflow_id: 'w',
        workflow_name: 'W',
        run_finished_at: '2024-07-08T09:00:00.000Z',
        ...o,
      });
    const items = [item('REC-88377', 94, { vulnerable: true }), item('REC-88342', 29, { failed_mandatory: 10, rules_failed: 19 })];
    const out = html(createElement(RunCallsTable, { runId: 'run-1', items, total: 2 }));
    expect(out.indexOf('REC-88342')).toBeLessThan(out.indexOf('REC-88377'));
    expect(out).toContain('href="/qa/qa-REC-88342?queue=run_id%3Drun-1%26include_earlier%3Dtrue%26sort%3Dscore%26dir%3Dasc"');
    expect(out).toContain('href="/qa?run_id=run-1&amp;include_earlier=true&amp;sort=score&amp;dir=asc"');
    expect(out).toMatch(/aria-sort="ascending"[^>]*>[\s\S]*?Score/);
    expect(out).toContain('2 Jul 2024, 11:05');
    expect(out).toContain('19 rules failed in all');
    expect(out).toContain('Vulnerable');
    // In the QA card, the table takes the place of the per-call scores and of the link to QA review.
    const qa = html(createElement(QaCard, { qa: qaResultOf(pilotOutput)!, runId: 'run-1', calls: createElement('p', null, 'THE TABLE') }));
    expect(qa).toContain('THE TABLE');
    expect(qa).not.toContain('chat-qa-open');
  });

  it('the changes a version makes against its parent, in words', () => {
    const out = html(createElement(ChangesSummary, { changes: workflowChanges(pilot, allCalls) }));
    expect(out).toContain('data-testid="changes-summary"');
    expect(out).toMatch(/data-testid="changes-added">[^<]*AnalyseEachCall › TranscribeRecording/);
    expect(out).toMatch(/data-testid="changes-removed">[^<]*CalculateScore/);
    expect(out).toMatch(/GetCallRecordings<\/span><span[^>]*>: Next/);
    expect(html(createElement(ChangesSummary, { changes: workflowChanges(pilot, pilot) }))).toContain('No change');
  });

  it('markdown never renders raw HTML or unsafe links', () => {
    const out = html(createElement(MarkdownView, { text: '<script>alert(1)</script> [x](javascript:alert(1))' }));
    expect(out).not.toContain('<script>');
    expect(out).not.toContain('href="javascript');
  });
});
