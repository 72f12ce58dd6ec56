'use client';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '../dialogs/dialog';

/** The editor's keyboard shortcuts (the canvas takes them while it has focus; undo/redo work anywhere outside a text field). */
export const SHORTCUTS: ReadonlyArray<[string, string]> = [
  ['Delete / Backspace', 'Delete the selected states and transitions'],
  ['Ctrl/⌘ + C, X, V', 'Copy, cut and paste states (also between tabs and workflows)'],
  ['Ctrl/⌘ + D', 'Duplicate the selected states'],
  ['Ctrl/⌘ + A', 'Select every state'],
  ['Ctrl/⌘ + F', 'Find a state by name, type or skill (on the canvas): Enter or ↓ next, Shift + Enter or ↑ previous, Esc closes'],
  ['Ctrl/⌘ + Z', 'Undo'],
  ['Ctrl/⌘ + Shift + Z, Ctrl/⌘ + Y', 'Redo'],
  ['Shift + drag', 'Select states in a rectangle'],
  ['Ctrl/⌘ + click', 'Add a state to the selection'],
  ['Double-click a state', 'Edit it in the inspector'],
  ['Drag a handle to a state', 'Set Next (bottom), add a Choice rule (bottom) or set Default (right), add a Catch (right, red)'],
  ['Drag the end of a transition', 'Point it at another state'],
];

/** A "Shortcuts" button and the list it opens. */
export function ShortcutsHelp() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)} aria-haspopup="dialog">
        Shortcuts
      </Button>
      <Dialog title="Keyboard and mouse" open={open} onClose={() => setOpen(false)}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          {SHORTCUTS.map(([keys, what]) => (
            <div key={keys} className="contents">
              <dt className="font-mono text-xs whitespace-nowrap text-slate-700">{keys}</dt>
              <dd className="text-slate-600">{what}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-4 flex justify-end">
          <Button onClick={() => setOpen(false)}>Close</Button>
        </div>
      </Dialog>
    </>
  );
}
