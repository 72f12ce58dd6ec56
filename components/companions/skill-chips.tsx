import { skillName } from './format';

/** Skills as small mono chips (the full URI on hover); "none" when empty. */
export function SkillChips({ skills, label }: { skills: readonly string[]; label: string }) {
  if (!skills.length) return <span className="text-xs text-slate-500">none</span>;
  return (
    <ul className="inline-flex flex-wrap gap-1" aria-label={label}>
      {skills.map((s) => (
        <li
          key={s}
          title={s}
          className="rounded bg-slate-50 px-1.5 py-0.5 font-mono text-[11px] leading-4 text-slate-700 ring-1 ring-slate-200 ring-inset"
        >
          {skillName(s)}
        </li>
      ))}
    </ul>
  );
}
