'use client';
import { FIELD } from '@/components/ui/button';
import { escapePointerToken } from '@/lib/json-pointer';
import { FindingList } from './field';
import { useInspector } from './inspector-context';
import { ItemControls } from './list-controls';
import { PathInput, pathProblem } from './path-input';
import { isDynamicKey, toggleDynamic, type PayloadRow } from './payload-rows';
import type { PathTarget } from './path-sources';
import { besideOwnError, findingsUnder } from './state-findings';

type Props = {
  /** The template's pointer; the row's is `<at>/<key>`. */
  at: string;
  row: PayloadRow;
  index: number;
  count: number;
  /** Why the row cannot be written (empty or repeated name, not JSON). */
  problem: string | undefined;
  target: PathTarget;
  onChange(row: PayloadRow): void;
  onMove(to: number): void;
  onRemove(): void;
};

/**
 * One member of a Payload Template: its name, a "$" toggle (a `.$` name takes a path or an
 * intrinsic call, completed and checked as you type) and its value (JSON for a static member;
 * an object may be typed as JSON text on several lines).
 */
export function PayloadRowEditor({ at, row, index, count, problem, target, onChange, onMove, onRemove }: Props) {
  const { readOnly, findings } = useInspector();
  const dynamic = isDynamicKey(row.key);
  const rowAt = `${at}/${escapePointerToken(row.key)}`;
  const error = problem ?? (dynamic ? pathProblem(row.text, 'pathOrIntrinsic') : null);
  const mine = row.key === '' ? [] : besideOwnError(findingsUnder(findings, rowAt), rowAt, !!error);
  const errorId = `${rowAt}-problem`;
  const name = row.key || `row ${index + 1}`;
  return (
    <li className="space-y-1 rounded-md border border-slate-200 p-1.5" data-pointer={rowAt} data-testid="payload-row">
      <div className="flex items-center gap-1">
        <input
          type="text"
          aria-label={`Field name ${index + 1}`}
          className={`${FIELD} min-w-0 flex-1 !px-1.5 !py-1 font-mono text-xs`}
          value={row.key}
          placeholder="name or name.$"
          disabled={readOnly}
          onChange={(e) => onChange({ ...row, key: e.target.value })}
        />
        <button
          type="button"
          aria-pressed={dynamic}
          aria-label={`Value of ${name} from a path`}
          title={
            dynamic ? 'Value from a path or intrinsic (.$) — click for a fixed value' : 'Fixed value — click to take it from a path (.$)'
          }
          disabled={readOnly}
          onClick={() => onChange(toggleDynamic(row))}
          className={
            'rounded px-1.5 py-0.5 font-mono text-xs ring-1 ring-inset focus-visible:outline-2 ' +
            'focus-visible:outline-indigo-500 ' +
            `${dynamic ? 'bg-indigo-600 text-white ring-indigo-600' : 'bg-white text-slate-600 ring-slate-300'}`
          }
        >
          .$
        </button>
        <ItemControls what={`field ${name}`} index={index} count={count} onMove={onMove} onRemove={onRemove} />
      </div>
      {dynamic ? (
        <PathInput
          id={`${rowAt}-value`}
          data-focus
          aria-label={`Path of ${name}`}
          aria-invalid={!!error}
          aria-describedby={error ? errorId : undefined}
          value={row.text}
          target={target}
          intrinsics
          onChange={(text) => onChange({ ...row, text })}
        />
      ) : (
        <textarea
          data-focus
          aria-label={`Value of ${name} (JSON)`}
          aria-invalid={!!error}
          aria-describedby={error ? errorId : undefined}
          rows={Math.min(8, row.text.split('\n').length)}
          spellCheck={false}
          className={`${FIELD} w-full font-mono text-xs`}
          value={row.text}
          placeholder='"text", 42, true, {…}'
          disabled={readOnly}
          onChange={(e) => onChange({ ...row, text: e.target.value })}
        />
      )}
      {error && (
        <p id={errorId} role="alert" className="text-xs text-red-700">
          {error}
        </p>
      )}
      {mine.length > 0 && <FindingList findings={mine} />}
    </li>
  );
}
