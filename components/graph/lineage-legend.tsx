/** How to read the lineage drawing: which edge is which, and what a click does. */
export function LineageLegend() {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600">
      <span className="flex items-center gap-1.5">
        <svg width="28" height="6" aria-hidden>
          <line x1="0" y1="3" x2="28" y2="3" stroke="#4f46e5" strokeWidth="1.5" />
        </svg>
        VERSION_OF (a newer version of the same workflow)
      </span>
      <span className="flex items-center gap-1.5">
        <svg width="28" height="6" aria-hidden>
          <line x1="0" y1="3" x2="28" y2="3" stroke="#0f766e" strokeWidth="1.5" strokeDasharray="6 4" />
        </svg>
        REFINEMENT_OF (a workflow derived from another)
      </span>
      <span>Arrows point from child to parent. Select a version or one of its skills for details.</span>
    </div>
  );
}
