'use client';
import { memo, useContext } from 'react';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import type { StateFlowNode, StateNodeData } from '../node-data';
import { HANDLE } from '../handles';
import { CHANGE_STYLE, KIND_STYLE, RUN_STATUS_STYLE } from './kind-style';
import { RunBand } from './run-band';
import { SkillRow } from './skill-row';
import { FarContext, farFontSize } from '../zoom-context';
import { useLiveCardData } from '../live-selection';

const HANDLE_CLASS = '!size-2.5 !border-2 !border-white';

/** What leaves a state, by type: Next (most), rules and Default (Choice), catchers (Task, Parallel, Map). */
export function sourceHandles(d: Pick<StateNodeData, 'kind'>): { next: boolean; rule: boolean; default: boolean; catch: boolean } {
  const k = d.kind;
  return {
    next: k !== 'Choice' && k !== 'Succeed' && k !== 'Fail',
    rule: k === 'Choice',
    default: k === 'Choice',
    catch: k === 'Task' || k === 'Parallel' || k === 'Map',
  };
}

/** The first lines of a state card: type glyph and label, start marker, finding counts. */
export function StateHeader({ d }: { d: StateNodeData }) {
  const style = KIND_STYLE[d.kind];
  return (
    <div className="flex items-start justify-between gap-2">
      <div className="min-w-0">
        <p className="truncate text-[13px] font-semibold text-slate-900" title={d.name} data-testid="node-name">
          {d.name}
        </p>
        <p className="flex items-center gap-1 text-[11px] text-slate-500">
          <span className={`rounded px-1 ${style.chip}`} aria-hidden>
            {style.glyph}
          </span>
          {d.kind}
          {d.isStart && <span className="rounded bg-slate-800 px-1 text-[10px] text-white">start</span>}
          {d.terminal && d.kind !== 'Succeed' && d.kind !== 'Fail' && <span className="text-slate-500">· end</span>}
        </p>
      </div>
      {(d.findings.errors > 0 || d.findings.warnings > 0) && (
        <span className="flex shrink-0 gap-1 text-[10px] font-semibold" data-testid="node-findings" data-errors={d.findings.errors}>
          {d.findings.errors > 0 && (
            <span className="rounded-full bg-red-600 px-1.5 text-white" title={`${d.findings.errors} error(s)`}>
              {d.findings.errors}
            </span>
          )}
          {d.findings.warnings > 0 && (
            <span className="rounded-full bg-amber-500 px-1.5 text-white" title={`${d.findings.warnings} warning(s)`}>
              {d.findings.warnings}
            </span>
          )}
        </span>
      )}
    </div>
  );
}

function MetaRow({ d }: { d: StateNodeData }) {
  const parts = [
    d.rules > 0 && `${d.rules} ${d.rules === 1 ? 'rule' : 'rules'}`,
    d.retriers > 0 && `${d.retriers} retry`,
    d.catchers > 0 && `${d.catchers} catch`,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return <p className="h-5 truncate pt-0.5 text-[11px] text-slate-500">{parts.join(' · ')}</p>;
}

/**
 * A state seen from far (zoom below FAR_ZOOM): its name as large as the box allows, after its
 * type's glyph. Findings stay visible as a red or amber border.
 */
export function FarLabel({ d, width, height }: { d: StateNodeData; width: number; height: number }) {
  const style = KIND_STYLE[d.kind];
  const size = farFontSize(d.name, width, height);
  return (
    <div className="flex h-full items-center overflow-hidden" data-testid="far-label" title={`${d.kind} ${d.name}`}>
      <p className="truncate leading-none font-bold text-slate-900" style={{ fontSize: size }}>
        <span className={`rounded px-1 align-middle ${style.chip}`} style={{ fontSize: Math.max(12, size / 3) }} aria-hidden>
          {style.glyph}
        </span>{' '}
        {d.name}
      </p>
    </div>
  );
}

/**
 * A leaf state on the canvas (Task, Pass, Choice, Wait, Succeed, Fail): a card coloured by type,
 * its bound skills with their reliability (Task), and in the run view its live status. Handles:
 * one target on top; Next at the bottom; a Choice's rule (bottom) and Default (right); a catcher
 * on the right of Task/Parallel/Map.
 */
export const StateNode = memo(function StateNode({ id, data, selected, width, height }: NodeProps<StateFlowNode>) {
  const d = useLiveCardData(id, data);
  const far = useContext(FarContext);
  const style = KIND_STYLE[d.kind];
  const run = d.run ? RUN_STATUS_STYLE[d.run.status] : null;
  const h = sourceHandles(d);
  return (
    <div
      className={
        `h-full w-full rounded-lg border border-l-4 border-slate-200 px-2.5 py-2 shadow-xs ${style.accent} ` +
        `${run ? `${run.fill} ring-1 ${run.ring}` : d.change ? CHANGE_STYLE[d.change] : 'bg-white'} ` +
        `${selected ? 'outline-2 outline-offset-2 outline-indigo-500' : ''} ` +
        `${d.findings.errors > 0 && !run ? (far ? 'border-red-500' : 'border-red-300') : ''} ` +
        `${far && d.findings.errors === 0 && d.findings.warnings > 0 && !run ? 'border-amber-400' : ''}`
      }
      data-testid="state-node"
      data-state={d.name}
      data-kind={d.kind}
      data-status={d.run?.status}
      data-change={d.change}
      aria-label={`${d.kind} state ${d.name}${d.run ? `, ${d.run.status}` : ''}`}
      // The state's Comment, on hover (the card has no room for it; the inspector edits it).
      title={d.comment ?? undefined}
    >
      <Handle
        type="target"
        position={Position.Top}
        id={HANDLE.in}
        isConnectable={!d.readOnly}
        className={`${HANDLE_CLASS} !bg-slate-400`}
      />
      {far ? (
        <FarLabel d={d} width={width ?? 240} height={height ?? 64} />
      ) : (
        <>
          <StateHeader d={d} />
          {d.kind === 'Task' && (
            <ul className="mt-1" aria-label={`Skills of ${d.name}`}>
              {d.skills.length === 0 ? (
                <li className="h-6 text-[11px] leading-6 text-red-700">no skill bound</li>
              ) : (
                d.skills.map((s) => <SkillRow key={s} uri={s} />)
              )}
            </ul>
          )}
          <MetaRow d={d} />
          {d.run && <RunBand run={d.run} />}
        </>
      )}
      {h.next && (
        <Handle
          type="source"
          position={Position.Bottom}
          id={HANDLE.next}
          isConnectable={!d.readOnly}
          className={`${HANDLE_CLASS} !bg-indigo-500`}
          title="Drag to set Next"
        />
      )}
      {h.rule && (
        <Handle
          type="source"
          position={Position.Bottom}
          id={HANDLE.rule}
          isConnectable={!d.readOnly}
          className={`${HANDLE_CLASS} !bg-amber-500`}
          title="Drag to add a Choice rule"
        />
      )}
      {h.default && (
        <Handle
          type="source"
          position={Position.Right}
          id={HANDLE.default}
          isConnectable={!d.readOnly}
          className={`${HANDLE_CLASS} !bg-slate-600`}
          title="Drag to set Default"
        />
      )}
      {h.catch && (
        <Handle
          type="source"
          position={Position.Right}
          id={HANDLE.catch}
          isConnectable={!d.readOnly}
          className={`${HANDLE_CLASS} !bg-red-500`}
          style={{ top: 18 }}
          title="Drag to add a Catch"
        />
      )}
    </div>
  );
});
