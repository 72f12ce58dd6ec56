'use client';
import { Badge } from '@/components/ui/badge';
import { skillLabel } from '@/components/graph/skill-chip';
import type { SkillReport } from '@/components/skills/reliability-types';
import type { ListedSkill } from '@/components/skills/types';
import { capabilityOf, figuresText } from './skill-listing';

/**
 * A catalog skill as the picker shows it: name@version, its capability (first tag), its
 * reliability from the knowledge graph and its description. `uri` alone when the catalog does
 * not know it.
 */
export function SkillSummary({ uri, skill, report }: { uri: string; skill: ListedSkill | undefined; report: SkillReport | undefined }) {
  const capability = skill ? capabilityOf(skill.tags) : report?.capability;
  return (
    <div className="min-w-0 space-y-0.5">
      <p className="flex flex-wrap items-center gap-1.5">
        <span className="font-mono text-xs font-medium text-slate-900">{skillLabel(uri)}</span>
        {capability && <Badge tone="info">{capability}</Badge>}
        {!skill && <Badge tone="bad">not in the catalog</Badge>}
      </p>
      <p className="text-[11px] text-slate-600 tabular-nums" data-testid="skill-figures">
        {figuresText(report?.recent, report?.all_time)}
      </p>
      {skill?.description && <p className="text-[11px] text-slate-500">{skill.description}</p>}
    </div>
  );
}
