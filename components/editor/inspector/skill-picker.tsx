'use client';
import { useId, useState } from 'react';
import { Button, FIELD } from '@/components/ui/button';
import { skillLabel } from '@/components/graph/skill-chip';
import { FieldGroup, FindingList } from './field';
import { useInspector } from './inspector-context';
import { bindSkill, importUriOf, unbindSkill } from './skill-binding';
import { filterSkills, figuresText } from './skill-listing';
import { SkillSummary } from './skill-summary';
import { findingsUnder } from './state-findings';
import { useSkillCatalog } from './use-skill-catalog';
import { useStateEditor } from './use-state-editor';

/**
 * The Task's bound skills with their reliability and the alternatives of the same capability
 * (one click swaps one in), and the catalog to add from. Binding a skill also imports its
 * manifest into `skill_imports` when the workflow does not import it yet.
 */
export function SkillPicker({ skills }: { skills: readonly string[] }) {
  const { readOnly, findings } = useInspector();
  const s = useStateEditor();
  const catalog = useSkillCatalog();
  const searchId = useId();
  const listId = useId();
  const [query, setQuery] = useState('');
  const [adding, setAdding] = useState(false);
  const at = s.at('AgentBinding', 'skills');
  if (catalog.status !== 'ok') {
    return (
      <FieldGroup at={at} legend="Skills">
        <p className="text-xs text-slate-500" role={catalog.status === 'error' ? 'alert' : 'status'}>
          {catalog.status === 'loading' ? 'Loading the skill catalog…' : `The skill catalog could not be loaded: ${catalog.message}`}
        </p>
        <ul className="font-mono text-xs">
          {skills.map((u) => (
            <li key={u}>{skillLabel(u)}</li>
          ))}
        </ul>
      </FieldGroup>
    );
  }
  const bind = (uri: string, replacing?: string) => {
    const skill = catalog.byUri.get(uri);
    s.apply(bindSkill(s.doc, s.pointer, uri, skill ? importUriOf(catalog.directory, skill.file) : null, replacing));
  };
  const available = filterSkills(
    catalog.skills.filter((k) => !skills.includes(k.uri)),
    query,
  );
  return (
    <FieldGroup
      at={at}
      legend="Skills"
      help="Loaded by the worker before it runs the state. Figures: success rate and p95 latency from the knowledge graph."
      except={skills.map((_, i) => String(i))}
    >
      <ul className="space-y-1.5" aria-label="Bound skills">
        {skills.map((uri, i) => {
          const report = catalog.reports.get(uri);
          const alternatives = (report?.alternatives ?? []).filter((a) => !skills.includes(a.skill));
          const mine = findingsUnder(findings, `${at}/${i}`);
          return (
            <li
              key={uri}
              className="space-y-1.5 rounded-md border border-slate-200 p-2"
              data-pointer={`${at}/${i}`}
              data-testid="bound-skill"
              data-skill={uri}
            >
              <div className="flex items-start justify-between gap-2">
                <SkillSummary uri={uri} skill={catalog.byUri.get(uri)} report={report} />
                {!readOnly && (
                  <Button
                    variant="ghost"
                    className="!px-1.5 !py-0.5 text-xs text-red-700"
                    aria-label={`Remove skill ${skillLabel(uri)}`}
                    onClick={() => s.apply(unbindSkill(s.doc, s.pointer, uri))}
                  >
                    Remove
                  </Button>
                )}
              </div>
              {mine.length > 0 && <FindingList findings={mine} />}
              {alternatives.length > 0 && (
                <div className="border-t border-slate-100 pt-1">
                  <p className="text-[11px] font-medium text-slate-600">Alternatives ({report?.capability})</p>
                  <ul className="space-y-0.5" data-testid="skill-alternatives">
                    {alternatives.map((a) => (
                      <li key={a.skill} className="flex items-center justify-between gap-2 text-[11px]">
                        <span className="min-w-0 truncate">
                          <span className="font-mono text-slate-800">{skillLabel(a.skill)}</span>{' '}
                          <span className="text-slate-500">· {figuresText(a.recent, a.all_time)}</span>
                        </span>
                        {!readOnly && (
                          <Button
                            variant="ghost"
                            className="!px-1.5 !py-0.5 text-[11px]"
                            aria-label={`Use ${skillLabel(a.skill)} instead of ${skillLabel(uri)}`}
                            onClick={() => bind(a.skill, uri)}
                          >
                            Use instead
                          </Button>
                        )}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </li>
          );
        })}
        {skills.length === 0 && <li className="text-xs text-slate-500">No skill bound yet.</li>}
      </ul>
      {!readOnly && (
        <Button
          className="!px-2 !py-1 text-xs"
          aria-expanded={adding}
          aria-controls={listId}
          onClick={() => setAdding(!adding)}
          data-testid="add-skill"
        >
          {adding ? 'Close the catalog' : '+ Add a skill'}
        </Button>
      )}
      {!readOnly && adding && (
        <div className="space-y-1 pt-1" id={listId}>
          <label htmlFor={searchId} className="block text-xs font-medium text-slate-700">
            Add a skill from the catalog
          </label>
          <input
            id={searchId}
            type="search"
            autoFocus
            className={`${FIELD} w-full`}
            placeholder="Search name, capability, description"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <ul className="max-h-72 space-y-1 overflow-y-auto pr-1" aria-label="Catalog skills" data-testid="skill-catalog-list">
            {available.map((k) => (
              <li
                key={k.uri}
                className="flex items-start justify-between gap-2 rounded-md border border-slate-100 p-1.5 hover:border-slate-200"
              >
                <SkillSummary uri={k.uri} skill={k} report={catalog.reports.get(k.uri)} />
                <Button className="!px-2 !py-0.5 text-xs" aria-label={`Add skill ${skillLabel(k.uri)}`} onClick={() => bind(k.uri)}>
                  Add
                </Button>
              </li>
            ))}
            {available.length === 0 && <li className="text-xs text-slate-500">No other skill matches.</li>}
          </ul>
        </div>
      )}
    </FieldGroup>
  );
}
