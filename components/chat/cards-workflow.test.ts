import { describe, expect, it } from 'vitest';
import pilot from '../../workflows/standard-advice-call-analysis.json';
import allCalls from '../../workflows/standard-advice-call-analysis-all-calls.json';
import { cardForTool, countStates, parentOf, savedVersionHref, type WorkflowCard } from './cards';
import { pair, tool } from './testing/card-test-events';

/**
 * The chat's cards for tool calls (cards.ts, run-cards.ts): workflow cards — states counted, validate, save and get — and a
 * save's parent workflow.
 */
describe('countStates', () => {
  it('counts nested Parallel branches and Map processors', () => {
    expect(countStates(pilot.asl.States)).toBe(7);
    expect(countStates(allCalls.asl.States)).toBe(9);
    expect(countStates(undefined)).toBe(0);
  });
});

describe('workflow cards', () => {
  it('validate_workflow: the document passed (object or JSON text) and the verdict returned', () => {
    const valid = {
      status: 'ok',
      error: null,
      valid: true,
      errors: [],
      warnings: [{ path: '/asl', code: 'w', message: 'note' }],
      workflow_id: pilot.workflow_id,
      workflow_name: pilot.workflow_name,
      version: '1.0.0',
      file: null,
    };
    for (const asText of [false, true]) {
      const card = cardForTool(
        tool(pair('validate_workflow', asText ? JSON.stringify({ workflow: JSON.stringify(pilot) }) : { workflow: pilot }, valid, asText)),
      ) as WorkflowCard;
      expect(card).toMatchObject({
        kind: 'workflow',
        workflow: {
          name: 'Standard Advice Call Analysis',
          version: '1.0.0',
          workflowId: pilot.workflow_id,
          stateCount: 7,
          startAt: 'GetApplicationIDs',
        },
        validation: { valid: true, errors: [] },
        saved: null,
      });
      expect(card.validation!.warnings).toHaveLength(1);
      expect(card.document).toEqual(pilot);
    }
  });

  it('validate_workflow still in progress shows the draft without a verdict; by path, the returned names', () => {
    expect(cardForTool(tool(pair('validate_workflow', { workflow: pilot })))).toMatchObject({ kind: 'workflow', validation: null });
    const byPath = cardForTool(
      tool(
        pair(
          'validate_workflow',
          { path: 'workflows/x.json' },
          {
            status: 'ok',
            error: null,
            valid: false,
            errors: [{ path: '/asl/StartAt', code: 'asl.unknown_target', message: 'no state X' }],
            warnings: [],
            workflow_id: 'w',
            workflow_name: 'W',
            version: '2.0.0',
            file: 'workflows/x.json',
          },
        ),
      ),
    ) as WorkflowCard;
    expect(byPath).toMatchObject({
      workflow: { workflowId: 'w', name: 'W', version: '2.0.0', stateCount: null },
      document: null,
      validation: { valid: false },
    });
    expect(cardForTool(tool(pair('validate_workflow', { path: 'x.json' })))).toBeNull();
  });

  it('save_workflow: the saved version, or why it was refused', () => {
    const saved = cardForTool(
      tool(
        pair(
          'save_workflow',
          { workflow: pilot },
          {
            status: 'ok',
            error: null,
            workflow_id: pilot.workflow_id,
            version: '1.0.0',
            relation: null,
            parent: null,
          },
        ),
      ),
    ) as WorkflowCard;
    expect(saved.saved).toEqual({ workflowId: pilot.workflow_id, version: '1.0.0' });
    expect(savedVersionHref(saved.saved!)).toBe(`/graph?workflow=${pilot.workflow_id}&version=1.0.0`);
    const refused = cardForTool(
      tool(
        pair(
          'save_workflow',
          { workflow: pilot },
          {
            status: 'error',
            error: 'that workflow version is already saved; save a new version',
            error_code: 'conflict',
          },
        ),
      ),
    ) as WorkflowCard;
    expect(refused).toMatchObject({ saved: null, saveError: 'that workflow version is already saved; save a new version' });
  });

  it('get_saved_workflow: the returned document, already saved', () => {
    const card = cardForTool(
      tool(
        pair(
          'get_saved_workflow',
          { workflow_id: pilot.workflow_id },
          {
            status: 'ok',
            error: null,
            workflow_id: pilot.workflow_id,
            version: '1.0.0',
            name: pilot.workflow_name,
            description: 'd',
            tags: [],
            skills: [],
            states: [],
            parent: null,
            created_at: '',
            document: pilot,
          },
        ),
      ),
    );
    expect(card).toMatchObject({
      kind: 'workflow',
      saved: { workflowId: pilot.workflow_id, version: '1.0.0' },
      workflow: { stateCount: 7 },
    });
    expect(
      cardForTool(
        tool(
          pair(
            'get_saved_workflow',
            { workflow_id: 'nope' },
            { status: 'error', error: 'no saved workflow nope', error_code: 'not_found' },
          ),
        ),
      ),
    ).toBeNull();
  });
});

describe('a save with a parent (a change to a saved workflow)', () => {
  const parent = { workflow_id: pilot.workflow_id, version: '1.0.0', relation: 'REFINEMENT_OF' };
  const savedOk = {
    status: 'ok',
    error: null,
    workflow_id: allCalls.workflow_id,
    version: '1.0.0',
    relation: 'REFINEMENT_OF',
    parent: { workflow_id: pilot.workflow_id, version: '1.0.0' },
  };

  it('names the parent from the call, saved or not', () => {
    const saved = cardForTool(tool(pair('save_workflow', { workflow: allCalls, parent }, savedOk))) as WorkflowCard;
    expect(saved).toMatchObject({
      saved: { workflowId: allCalls.workflow_id, version: '1.0.0' },
      parent: { workflowId: pilot.workflow_id, version: '1.0.0', relation: 'REFINEMENT_OF' },
    });
    const pending = cardForTool(tool(pair('save_workflow', { workflow: allCalls, parent }))) as WorkflowCard;
    expect(pending.parent).toEqual({ workflowId: pilot.workflow_id, version: '1.0.0', relation: 'REFINEMENT_OF' });
    const refused = cardForTool(
      tool(
        pair(
          'save_workflow',
          { workflow: allCalls, parent },
          {
            status: 'error',
            error: 'the workflow is not valid (1 error(s))',
            error_code: 'invalid_input',
          },
        ),
      ),
    ) as WorkflowCard;
    expect(refused).toMatchObject({
      saved: null,
      saveError: 'the workflow is not valid (1 error(s))',
      parent: { relation: 'REFINEMENT_OF' },
    });
    expect(refused.document).toEqual(allCalls);
  });

  it('or from what the save returned; none without a known relation, and none for other tools', () => {
    const byPath = cardForTool(tool(pair('save_workflow', { path: 'workflows/x.json' }, savedOk))) as WorkflowCard;
    expect(byPath.parent).toEqual({ workflowId: pilot.workflow_id, version: '1.0.0', relation: 'REFINEMENT_OF' });
    expect(parentOf({ parent: { ...parent, relation: 'COPY_OF' } }, null)).toBeNull();
    expect(parentOf({ parent: { workflow_id: pilot.workflow_id, relation: 'VERSION_OF' } }, null)).toBeNull();
    expect(parentOf({}, { relation: null, parent: null })).toBeNull();
    const plain = cardForTool(
      tool(pair('save_workflow', { workflow: pilot }, { ...savedOk, relation: null, parent: null })),
    ) as WorkflowCard;
    expect(plain.parent).toBeNull();
    const checked = cardForTool(tool(pair('validate_workflow', { workflow: allCalls, parent }))) as WorkflowCard;
    expect(checked.parent).toBeNull();
  });
});
