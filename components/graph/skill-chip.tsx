'use client';

/** "skill://whisper-transcribe@1.0.0" → "whisper-transcribe@1.0.0". */
export const skillLabel = (uri: string) => uri.replace(/^skill:\/\//, '');

/** A skill bound by a workflow version; opens the skill's usage and reliability in the side panel. */
export function SkillChip({ uri, selected, onSelect }: { uri: string; selected: boolean; onSelect(uri: string): void }) {
  return (
    <button
      type="button"
      onClick={(e) => {
        e.stopPropagation();
        onSelect(uri);
      }}
      aria-pressed={selected}
      title={uri}
      data-testid="skill-chip"
      className={
        'nodrag nopan min-h-6 max-w-full truncate rounded px-1.5 py-1 text-left font-mono text-[11px] leading-4 ring-1 ring-inset ' +
        `focus-visible:outline-2 focus-visible:outline-indigo-500 ${
          selected
            ? 'bg-indigo-600 text-white ring-indigo-600'
            : 'bg-slate-50 text-slate-700 ring-slate-200 hover:bg-indigo-50 hover:ring-indigo-300'
        }`
      }
    >
      <span className="sr-only">Skill </span>
      {skillLabel(uri)}
    </button>
  );
}
