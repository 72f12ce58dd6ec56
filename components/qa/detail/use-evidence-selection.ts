'use client';
import { useCallback, useEffect, useState } from 'react';
import type { QaEvidence, QaTurn } from '../types';
import { resultElementId, turnElementId, turnOfEvidence } from './evidence';

type Target = { kind: 'turn'; index: number } | { kind: 'results'; elementIds: string[] };

/** The element that comes first in the document (the list shows failed verdicts first, whatever the rule order). */
function firstInDocument(ids: readonly string[]): HTMLElement | null {
  const els = ids.map((id) => document.getElementById(id)).filter((el): el is HTMLElement => el !== null);
  return els.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0] ?? null;
}

/**
 * Which evidence is selected, linking the results and the transcript both ways:
 * - `showInTranscript(id)` (a verdict or flag was clicked) selects that one, scrolls the
 *   transcript to its turn and highlights exactly its span; focus stays where it was.
 * - `showInResults(ids)` (quoted text in the transcript was clicked) selects every verdict and
 *   flag quoting it, scrolls to the first of them on the page and moves focus there (its list
 *   item is focusable).
 * Scrolling waits for the render that shows the selection (a collapsed group may open first).
 * `announcement` says what happened, for a live region.
 */
export function useEvidenceSelection(
  turns: readonly QaTurn[],
  evidenceOf: (id: string) => QaEvidence | null,
  labelOf: (id: string) => string,
) {
  const [selected, setSelected] = useState<readonly string[]>([]);
  const [target, setTarget] = useState<Target | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (!target) return;
    const el = target.kind === 'turn' ? document.getElementById(turnElementId(target.index)) : firstInDocument(target.elementIds);
    el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    if (target.kind === 'results') el?.focus({ preventScroll: true });
    setTarget(null);
  }, [target]);

  const showInTranscript = useCallback(
    (id: string) => {
      const ev = evidenceOf(id);
      if (!ev) return;
      const index = turnOfEvidence(ev, turns);
      setSelected([id]);
      if (index >= 0) setTarget({ kind: 'turn', index });
      setAnnouncement(
        index >= 0
          ? `Evidence for ${labelOf(id)} highlighted in the transcript, turn ${index + 1}.`
          : `The evidence for ${labelOf(id)} is not in a turn.`,
      );
    },
    [evidenceOf, labelOf, turns],
  );

  const showInResults = useCallback(
    (ids: readonly string[]) => {
      if (!ids.length) return;
      setSelected(ids);
      setTarget({ kind: 'results', elementIds: ids.map(resultElementId) });
      setAnnouncement(`This passage is evidence for ${ids.map(labelOf).join(', ')}.`);
    },
    [labelOf],
  );

  const clear = useCallback(() => {
    setSelected([]);
    setAnnouncement('');
  }, []);

  return { selected, showInTranscript, showInResults, clear, announcement };
}
