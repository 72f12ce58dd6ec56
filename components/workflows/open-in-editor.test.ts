import { describe, expect, it } from 'vitest';
import { editorHrefForSaved, stashDraft, takeDraft } from './open-in-editor';

function memoryStorage() {
  const m = new Map<string, string>();
  return {
    setItem: (k: string, v: string) => void m.set(k, v),
    getItem: (k: string) => m.get(k) ?? null,
    removeItem: (k: string) => void m.delete(k),
    size: () => m.size,
  };
}

describe('open in editor', () => {
  it('links a saved version by id and version', () => {
    expect(editorHrefForSaved({ workflowId: 'c4b1a2e8-5d6f-4c7a-8b1e-3f9c0d7a6b21', version: '1.0.1' })).toBe(
      '/workflows/edit?workflow=c4b1a2e8-5d6f-4c7a-8b1e-3f9c0d7a6b21&version=1.0.1',
    );
  });

  it('hands a draft over once, formatted', () => {
    const s = memoryStorage();
    expect(stashDraft({ workflow_name: 'Draft' }, 'the chat', s)).toBe('/workflows/edit?handover=1');
    expect(takeDraft(s)).toEqual({ label: 'the chat', text: '{\n  "workflow_name": "Draft"\n}\n' });
    expect(takeDraft(s)).toBeNull();
    s.setItem('dcf.workflowDraft', 'not json');
    expect(takeDraft(s)).toBeNull();
    expect(s.size()).toBe(0);
  });
});
