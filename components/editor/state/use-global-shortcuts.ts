'use client';
import { useEffect } from 'react';

/** True when a key event belongs to a text field (typing must never trigger editor shortcuts). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.tagName === 'INPUT' ||
    target.tagName === 'TEXTAREA' ||
    target.tagName === 'SELECT' ||
    !!target.closest('.cm-editor')
  );
}

/**
 * Undo and redo anywhere on the editor page except inside a text field (which has its own undo):
 * Ctrl/⌘+Z, Ctrl/⌘+Shift+Z and Ctrl/⌘+Y. The canvas handles its other shortcuts itself.
 */
export function useGlobalShortcuts(actions: { undo(): void; redo(): void } | null) {
  useEffect(() => {
    if (!actions) return;
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || isTypingTarget(e.target)) return;
      if ((e.target as HTMLElement | null)?.closest?.('[data-testid="editor-canvas"]')) return; // the canvas handles its own
      const k = e.key.toLowerCase();
      if (k === 'z') (e.shiftKey ? actions.redo : actions.undo)();
      else if (k === 'y') actions.redo();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actions]);
}
