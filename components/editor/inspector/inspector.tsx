'use client';
import { useEffect, useMemo, useRef } from 'react';
import type { Finding } from '@/components/workflows/types';
import type { EditResult, WorkflowDoc } from '../model/types';
import { InspectorProvider } from './inspector-context';
import { bestTarget, nodeFindings } from './state-findings';
import { StateInspector } from './state-inspector';
import { WorkflowInspector } from './workflow-inspector';

/** How the inspector changes the document: a model edit, grouped for undo by `coalesce` (typing in one field). */
export type InspectorEdit = (result: EditResult, options?: { coalesce?: string; select?: readonly string[] }) => void;

export type InspectorProps = {
  doc: WorkflowDoc;
  /** The selected state's pointer; null shows the workflow's own fields. */
  pointer: string | null;
  findings: readonly Finding[];
  readOnly: boolean;
  edit: InspectorEdit;
  /** A field to bring into view and focus (a finding was clicked): the finding's pointer. */
  focus: string | null;
};

/** The inspector of the selected state (or of the workflow): every field its type allows. */
export function Inspector({ doc, pointer, findings, readOnly, edit, focus }: InspectorProps) {
  const root = useRef<HTMLDivElement>(null);
  const mine = useMemo(() => nodeFindings(doc, findings, pointer), [doc, findings, pointer]);
  useFocusField(root, focus, pointer);
  return (
    <div ref={root} className="text-sm" data-testid="inspector" aria-label={pointer === null ? 'Workflow inspector' : 'State inspector'}>
      <InspectorProvider value={{ doc, pointer, readOnly, edit, findings: mine }}>
        {pointer === null ? <WorkflowInspector /> : <StateInspector key={pointer} />}
      </InspectorProvider>
    </div>
  );
}

/**
 * Brings the control of a clicked finding into view and focuses it: the control whose
 * `data-pointer` is the deepest that contains the finding's pointer (its section opened first),
 * or the control inside it marked `data-focus` (a key/value row's value).
 */
function useFocusField(root: React.RefObject<HTMLDivElement | null>, focus: string | null, pointer: string | null) {
  useEffect(() => {
    if (!focus || !root.current) return;
    const controls = [...root.current.querySelectorAll<HTMLElement>('[data-pointer]')];
    const target = bestTarget(
      controls.map((c) => c.dataset.pointer!),
      focus,
    );
    const el = controls.find((c) => c.dataset.pointer === target);
    if (!el) return;
    for (let d = el.closest('details'); d; d = d.parentElement?.closest('details') ?? null) d.open = true;
    el.scrollIntoView({ block: 'center' });
    const control = el.matches('input, select, textarea, button')
      ? el
      : (el.querySelector<HTMLElement>('[data-focus]') ??
        el.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea, button'));
    control?.focus({ preventScroll: true });
  }, [root, focus, pointer]);
}
