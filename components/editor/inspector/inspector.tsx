'use client';
import type { Finding } from '@/components/workflows/types';
import type { EditResult, WorkflowDoc } from '../model/types';

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
export function Inspector({ pointer }: InspectorProps) {
  return (
    <div className="p-3 text-sm text-slate-600" data-testid="inspector">
      {pointer ?? 'Workflow'}
    </div>
  );
}
