import { updateAt } from '../model/pointer-access';
import { refuse, type EditResult, type WorkflowDoc } from '../model/types';

/**
 * Sets (or, with `undefined`, removes) a field of the workflow itself — `/workflow_name`,
 * `/tags`, `/asl/Comment`, … — as an edit result. Refused when a container on the way is missing
 * (an `/asl/…` field of a document without `asl`).
 */
export function setWorkflowField(doc: WorkflowDoc, pointer: string, value: unknown): EditResult {
  const next = updateAt(doc, pointer, () => value);
  return next ? { ok: true, doc: next } : refuse('not_found', `The document has no place for ${pointer}; fix it in the JSON view.`);
}
