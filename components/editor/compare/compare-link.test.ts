import { describe, expect, it } from 'vitest';
import { editorSourceOf, type EditorSource } from '@/components/workflows/editor-links';
import { againstOf, editorHrefAgainst } from './compare-link';

const paramsOf = (href: string) => new URL(href, 'http://x').searchParams;
const parent = { workflowId: 'c4b1a2e8-5d6f-4c7a-8b1e-3f9c0d7a6b21', version: '1.0.0' };

describe('the editor opened with a comparison', () => {
  it.each<EditorSource>([
    { kind: 'saved', workflowId: '5f0e7d2a-3b9c-4e1f-8a6d-2c4b9e7f1a30', version: '1.0.0' },
    { kind: 'handover' },
    { kind: 'new' },
  ])('keeps the source %j and names the version to compare with', (source) => {
    const href = editorHrefAgainst(source, parent);
    expect(href.startsWith('/workflows/edit')).toBe(true);
    expect(editorSourceOf(paramsOf(href))).toEqual(source);
    expect(againstOf(paramsOf(href))).toEqual(parent);
  });

  it('an address without a usable comparison names none', () => {
    expect(againstOf(paramsOf('/workflows/edit?workflow=a&version=1'))).toBeNull();
    expect(againstOf(paramsOf('/workflows/edit?against=no-version'))).toBeNull();
  });
});
