'use client';
import Link from 'next/link';
import { SkillReliability } from '@/components/skills/skill-reliability';
import { useGraphSelection } from './graph-selection';
import { skillLabel } from './skill-chip';

/** A skill picked from a version's chips: the saved workflows that use it and how it has performed. */
export function SkillPanel({ uri }: { uri: string }) {
  const { selectSkill, selectVersion } = useGraphSelection();
  return (
    <article aria-labelledby="skill-panel-title" className="space-y-3" data-testid="skill-panel">
      <header>
        <p className="text-xs text-slate-500">Skill</p>
        <h2 id="skill-panel-title" className="font-mono text-base font-semibold break-all">
          {skillLabel(uri)}
        </h2>
        <Link href={`/skills?skill=${encodeURIComponent(uri)}`} className="text-xs text-indigo-700 underline-offset-2 hover:underline">
          Open in the skill catalog
        </Link>
      </header>
      <SkillReliability
        key={uri}
        uri={uri}
        onSelectSkill={selectSkill}
        onSelectVersion={(workflowId, version) => selectVersion({ workflowId, version })}
      />
    </article>
  );
}
