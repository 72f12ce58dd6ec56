import { isObject } from '@/server/engine/json';
import type { WorkflowDoc } from '../model/types';
import { samePrint } from './same-print';

/**
 * The editor's text — what the JSON view shows, what a draft saves and a download holds — made
 * only when asked. After a canvas or inspector edit the text is the document pretty-printed, and
 * printing a 1,000-state document takes 5–9 ms: on every keystroke in the inspector that was spent
 * whether the JSON view was shown or not. Now the editor keeps the user's own text only while it
 * is not the print of the document (typing in the JSON view, a loaded draft), prints when the text
 * is read, and answers "is the text still the saved one?" without printing (samePrint).
 */

const printed = new WeakMap<object, string>();

/** The JSON view's text of a document: two-space indentation and a final newline. Once per document object (documents are immutable). */
export function printDoc(doc: WorkflowDoc): string {
  let text = printed.get(doc);
  if (text === undefined) printed.set(doc, (text = `${JSON.stringify(doc, null, 2)}\n`));
  return text;
}

/** What the editor's text is made of: the user's own text, or (null) the print of the present document. */
export interface TextSource {
  history: { present: WorkflowDoc };
  typed: string | null;
}

/** The editor's text now. */
export function editorText(s: TextSource): string {
  return s.typed ?? printDoc(s.history.present);
}

/**
 * A text to compare the editor's text with (the last saved or loaded text, a saved version's) and
 * the document that prints exactly as it, or null when no document does (it was written by hand:
 * other spacing, other number forms). Made only by `textMark`, which keeps that promise.
 */
export interface TextMark {
  readonly text: string;
  readonly doc: WorkflowDoc | null;
}

/**
 * The mark of `text`. `doc`, when given, is a document already parsed from it (the editor has
 * just done so); otherwise the text is parsed here. A text is a print exactly when printing what
 * it parses to gives it back.
 */
export function textMark(text: string, doc?: WorkflowDoc | null): TextMark {
  let parsed = doc ?? null;
  if (doc === undefined) {
    try {
      const value: unknown = JSON.parse(text);
      parsed = isObject(value) ? value : null;
    } catch {
      parsed = null;
    }
  }
  return { text, doc: parsed !== null && printDoc(parsed) === text ? parsed : null };
}

/** The mark of a document's own print (no parsing, no check needed). */
export function docMark(doc: WorkflowDoc): TextMark {
  return { text: printDoc(doc), doc };
}

/**
 * Whether the editor's text is `mark`'s text. While the text is the print of the present document
 * this compares documents (samePrint: only what differs from the marked one is looked at); a mark
 * no document prints as cannot be such a text.
 */
export function hasText(s: TextSource, mark: TextMark): boolean {
  if (s.typed !== null) return s.typed === mark.text;
  return mark.doc !== null && samePrint(s.history.present, mark.doc);
}
