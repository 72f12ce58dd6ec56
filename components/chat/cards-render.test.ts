import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import pilot from '../../workflows/standard-advice-call-analysis.json';
import pilotOutput from './fixtures/pilot-run-output.json';
import { cardForTool, type WorkflowCard as WorkflowCardData } from './cards';
import { MarkdownView } from './markdown-view';
import { AssistantMessage, ReasoningCard, UserMessage } from './message-items';
import { QaCard } from './qa-card';
import { qaResultOf } from './run-view';
import { foldThread, type ToolItem } from './thread';
import { ToolCard } from './tool-card';
import { WorkflowCard } from './workflow-card';

/** Server-rendered markup of the presentational pieces: the test ids and texts the page promises. */
const html = (el: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(el);

const tool = (name: string, args: unknown, ret?: unknown): ToolItem =>
  foldThread([
    { event: { message_type: 'tool_call_message', id: 'm1', tool_call: { tool_call_id: 'c1', name, arguments: JSON.stringify(args) } } },
    ...(ret === undefined ? [] : [{ event: { message_type: 'tool_return_message' as const, id: 'r1', tool_call_id: 'c1', name, status: 'success' as const, tool_return: JSON.stringify(ret) } }]),
  ])[0] as ToolItem;

describe('chat pieces render', () => {
  it('messages carry chat-message with their role; reasoning is a folded card', () => {
    expect(html(createElement(UserMessage, { content: 'Hi <b>there</b>' }))).toMatch(/data-testid="chat-message" data-role="user"[\s\S]*Hi &lt;b&gt;there&lt;\/b&gt;/);
    expect(html(createElement(AssistantMessage, { content: 'A **bold** reply', agentLabel: 'the Planner' }))).toMatch(/data-role="assistant"[\s\S]*<strong class="font-semibold">bold<\/strong>/);
    expect(html(createElement(ReasoningCard, { reasoning: 'Check the catalog first.' }))).toMatch(/<details[^>]*data-testid="chat-reasoning"[\s\S]*Reasoning/);
  });

  it('a tool card names its tool and shows arguments and result as JSON', () => {
    const out = html(createElement(ToolCard, { item: tool('validate_workflow', { path: 'workflows/x.json' }, { status: 'ok', error: null, valid: true }), running: false }));
    expect(out).toContain('data-testid="chat-tool-card" data-tool="validate_workflow" data-status="ok"');
    expect(out).toContain('&quot;path&quot;: &quot;workflows/x.json&quot;');
  });

  it('the workflow card: name, version, states, verdict, and the saved version’s link', () => {
    const validated = cardForTool(tool('validate_workflow', { workflow: pilot }, { status: 'ok', error: null, valid: true, errors: [], warnings: [] })) as WorkflowCardData;
    const out = html(createElement(WorkflowCard, { card: validated, pending: false }));
    expect(out).toContain('data-testid="chat-workflow-card"');
    expect(out).toMatch(/Standard Advice Call Analysis[\s\S]*v1\.0\.0/);
    expect(out).toMatch(/States<\/dt><dd[^>]*>7/);
    expect(out).toContain('Valid');
    const saved = html(createElement(WorkflowCard, { card: { ...validated, saved: { workflowId: pilot.workflow_id, version: '1.0.0' } }, pending: false }));
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

  it('markdown never renders raw HTML or unsafe links', () => {
    const out = html(createElement(MarkdownView, { text: '<script>alert(1)</script> [x](javascript:alert(1))' }));
    expect(out).not.toContain('<script>');
    expect(out).not.toContain('href="javascript');
  });
});
