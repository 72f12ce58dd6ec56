import { describe, expect, it } from 'vitest';
import { compareHref, editorHref, editorSourceOf, parseVersionRef, type EditorSource } from './editor-links';

const paramsOf = (href: string) => new URL(href, 'http://x').searchParams;

describe('editor links', () => {
  const sources: EditorSource[] = [
    { kind: 'saved', workflowId: 'c4b1a2e8-5d6f-4c7a-8b1e-3f9c0d7a6b21', version: '1.0.1' },
    { kind: 'draft', draftId: '7e0c8f3a-0000-4000-8000-000000000001' },
    { kind: 'example', file: 'standard advice & co.json' },
    { kind: 'handover' },
    { kind: 'new' },
  ];
  it.each(sources)('round-trips %j', (source) => {
    const href = editorHref(source);
    expect(href.startsWith('/workflows/edit')).toBe(true);
    expect(editorSourceOf(paramsOf(href))).toEqual(source);
  });

  it('a saved version needs both id and version', () => {
    expect(editorSourceOf(paramsOf('/workflows/edit?workflow=abc'))).toEqual({ kind: 'new' });
  });

  it('compare refs round-trip, ids with @ included', () => {
    const href = compareHref({ workflowId: 'a@b', version: '1.0.0' }, { workflowId: 'c', version: '2.0.0' });
    const p = paramsOf(href);
    expect(parseVersionRef(p.get('left'))).toEqual({ workflowId: 'a@b', version: '1.0.0' });
    expect(parseVersionRef(p.get('right'))).toEqual({ workflowId: 'c', version: '2.0.0' });
    expect(parseVersionRef('nover@')).toBeNull();
    expect(parseVersionRef('@1.0.0')).toBeNull();
    expect(parseVersionRef(null)).toBeNull();
  });
});
