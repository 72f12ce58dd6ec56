import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { CopyButton } from '@/components/ui/copy-button';
import { JsonBlock } from '@/components/ui/json-block';
import { DataSources } from './data-sources';
import { IssueRows } from './issue-rows';
import { Permissions } from './permissions';
import { SkillReliability } from './skill-reliability';
import { SkillTool } from './skill-tool';
import type { ListedSkill } from './types';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t border-slate-100 pt-4">
      <h3 className="mb-2 text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/**
 * Everything the catalog knows about one (valid) skill: manifest contents, its validation result,
 * and how it has performed in runs (reliability from the knowledge graph).
 */
export function SkillDetail({ skill, onSelectSkill }: { skill: ListedSkill; onSelectSkill?(uri: string): void }) {
  const m = skill.manifest;
  return (
    <article aria-labelledby="skill-detail-title" className="space-y-4" data-testid="skill-detail">
      <header>
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="skill-detail-title" className="text-lg font-semibold">
            {skill.skillName}
          </h2>
          <Badge tone="neutral">v{skill.skillVersion}</Badge>
          <Badge tone="ok" title="Conforms to the Skill Manifest v2.0.0 schema and passes the static checks">
            Valid manifest
          </Badge>
        </div>
        <div className="mt-1 flex items-center gap-1">
          <code className="break-all font-mono text-sm text-slate-700">{skill.uri}</code>
          <CopyButton text={skill.uri} label={`Copy ${skill.uri}`} />
        </div>
        {skill.description && <p className="mt-2 text-sm text-slate-600">{skill.description}</p>}
        <dl className="mt-3 grid grid-cols-[7rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
          <dt className="text-slate-500">File</dt>
          <dd className="font-mono">{skill.file}</dd>
          {m && (
            <>
              <dt className="text-slate-500">Package</dt>
              <dd className="font-mono">{m.skillPackageId}</dd>
            </>
          )}
          <dt className="text-slate-500">Tags</dt>
          <dd>{skill.tags.length ? skill.tags.join(', ') : '—'}</dd>
        </dl>
      </header>

      <Section title="Permissions">
        <Permissions permissions={skill.permissions} />
      </Section>

      <div className="border-t border-slate-100 pt-4">
        <SkillReliability key={skill.uri} uri={skill.uri} onSelectSkill={onSelectSkill} />
      </div>

      {!m ? (
        <p className="text-sm text-slate-500">The full manifest was not returned; reload the page.</p>
      ) : (
        <>
          <Section title="Directives">
            <p className="whitespace-pre-wrap rounded-md bg-slate-50 p-3 text-sm leading-6 text-slate-800">{m.skillDirectives}</p>
          </Section>
          <Section title={`Tools (${m.requiredTools.length})`}>
            {m.requiredTools.length === 0 ? (
              <p className="text-sm text-slate-500">This skill requires no tools.</p>
            ) : (
              <div className="space-y-3">
                {m.requiredTools.map((t) => (
                  <SkillTool key={t.toolName} tool={t} />
                ))}
              </div>
            )}
          </Section>
          <Section title={`Data sources (${m.requiredDataSources.length})`}>
            <DataSources sources={m.requiredDataSources} />
          </Section>
        </>
      )}

      <Section title="Validation">
        <p className="mb-2 text-sm text-slate-700">
          Valid: the manifest conforms to Skill Manifest v2.0.0 and passes the static checks
          {skill.warnings.length === 0
            ? ', with no warnings.'
            : `, with ${skill.warnings.length} warning${skill.warnings.length === 1 ? '' : 's'}:`}
        </p>
        {skill.warnings.length > 0 && <IssueRows issues={skill.warnings} tone="warning" />}
      </Section>

      {m && (
        <details className="border-t border-slate-100 pt-4">
          <summary className="cursor-pointer text-sm font-medium text-indigo-700 hover:underline">Raw manifest (JSON)</summary>
          <div className="mt-2">
            <JsonBlock value={m} label={`Manifest of ${skill.uri}`} />
          </div>
        </details>
      )}
    </article>
  );
}
