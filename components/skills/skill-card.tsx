import { Permissions } from './permissions';
import type { ListedSkill } from './types';

/** One skill in the catalog list; a button that opens its details (aria-current marks the open one). */
export function SkillCard({ skill, selected, onSelect }: { skill: ListedSkill; selected: boolean; onSelect(uri: string): void }) {
  const tools = skill.tools.length;
  return (
    <button
      type="button"
      onClick={() => onSelect(skill.uri)}
      aria-current={selected ? 'true' : undefined}
      data-testid="skill-card"
      className={
        'w-full rounded-lg border p-3 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 ' +
        `focus-visible:outline-indigo-500 ${
          selected
            ? 'border-indigo-400 bg-indigo-50/60 ring-1 ring-indigo-300'
            : 'border-slate-200 bg-white hover:border-slate-300 hover:bg-slate-50'
        }`
      }
    >
      <span className="flex items-baseline justify-between gap-2">
        <span className="truncate font-medium text-slate-900">{skill.skillName}</span>
        <span className="shrink-0 font-mono text-xs text-slate-500">v{skill.skillVersion}</span>
      </span>
      <span className="mt-0.5 block truncate font-mono text-xs text-slate-500">{skill.uri}</span>
      {skill.description && <span className="mt-1.5 line-clamp-2 block text-sm text-slate-600">{skill.description}</span>}
      <span className="mt-2 flex flex-wrap gap-1">
        {skill.tags.map((t) => (
          <span key={t} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
            {t}
          </span>
        ))}
      </span>
      <span className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <Permissions permissions={skill.permissions} compact />
        <span className="text-xs text-slate-500">
          {tools} tool{tools === 1 ? '' : 's'}
          {skill.warnings.length > 0 && (
            <span className="text-amber-700">
              {' '}
              · {skill.warnings.length} warning{skill.warnings.length === 1 ? '' : 's'}
            </span>
          )}
        </span>
      </span>
    </button>
  );
}
