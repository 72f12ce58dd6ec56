import { stateChain } from './json-pointer';

/** What the editor's highlight shows, resolved against the current text. */
export type PinnedLocation =
  | { kind: 'finding'; pointer: string; found: string; exact: boolean; line: number; column: number }
  | { kind: 'unlocatable'; pointer: string }
  | { kind: 'syntax'; line: number; column: number };

function show(pointer: string): string {
  return pointer === '' ? '(document root)' : pointer;
}

/** A caption over the editor saying which location is highlighted and why. */
export function LocationBar({ pin }: { pin: PinnedLocation | null }) {
  if (!pin) return <p className="h-5 text-xs text-slate-500">Select an error or warning to highlight its location in the document.</p>;
  if (pin.kind === 'syntax') {
    return (
      <p className="h-5 text-xs text-red-700">
        Syntax error at line {pin.line}, column {pin.column}.
      </p>
    );
  }
  if (pin.kind === 'unlocatable') {
    return (
      <p className="h-5 text-xs text-slate-600">
        <code className="font-mono">{show(pin.pointer)}</code> cannot be located: the document does not parse as JSON right now.
      </p>
    );
  }
  const states = stateChain(pin.pointer);
  return (
    <p data-testid="pinned-location" className="min-h-5 text-xs text-slate-700">
      <code className="font-mono font-medium">{show(pin.pointer)}</code>
      {pin.exact ? (
        <>
          {' '}
          at line {pin.line}, column {pin.column}
        </>
      ) : (
        <>
          {' '}
          is not in the document; showing its nearest parent <code className="font-mono">{show(pin.found)}</code> at line {pin.line}
        </>
      )}
      {states.length > 0 && (
        <>
          {' '}
          · state <span className="font-semibold" data-testid="pinned-state">{states.join(' › ')}</span>
        </>
      )}
    </p>
  );
}
