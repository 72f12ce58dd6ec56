'use client';
import { useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { useDebouncedValue } from '@/components/hooks/use-debounced-value';
import { errorMessage } from '@/components/ui/error-message';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { InvalidSkills } from './invalid-skills';
import { SkillCard } from './skill-card';
import { SkillDetail } from './skill-detail';
import { SkillFilters } from './skill-filters';

/**
 * The skill catalog (`get_skillset` with `detail: "full"`). The unfiltered catalog supplies the
 * tag list, the details and the invalid/unreadable files; search and tag filtering are done by the
 * tool itself (same matching rule agents get), in a second query while a filter is set.
 * The open skill is kept in `?skill=` so a link to it can be shared.
 */
export function SkillCatalog({ initialSkill }: { initialSkill: string | null }) {
  const trpc = useTRPC();
  const [query, setQuery] = useState('');
  const [tag, setTag] = useState('');
  const [selectedUri, setSelectedUri] = useState<string | null>(initialSkill);
  const detailRef = useRef<HTMLDivElement>(null);
  const q = useDebouncedValue(query.trim(), 250);
  const filtering = q !== '' || tag !== '';

  const all = useQuery(trpc.skills.list.queryOptions({ detail: 'full' }));
  const filtered = useQuery({
    ...trpc.skills.list.queryOptions({ detail: 'full', query: q || undefined, tag: tag || undefined }),
    enabled: filtering,
    placeholderData: keepPreviousData,
  });

  const catalog = all.data?.status === 'ok' ? all.data : null;
  const tags = useMemo(() => {
    const counts = new Map<string, number>();
    for (const s of catalog?.skills ?? []) for (const t of s.tags) counts.set(t, (counts.get(t) ?? 0) + 1);
    return [...counts].map(([t, count]) => ({ tag: t, count })).sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag));
  }, [catalog]);

  if (all.isPending) return <LoadingState label="Loading the skill catalog…" />;
  if (all.isError)
    return (
      <ErrorState title="The skill catalog could not be loaded" message={errorMessage(all.error)} onRetry={() => void all.refetch()} />
    );
  if (all.data.status === 'error')
    return (
      <ErrorState
        title="The skills could not be read"
        message={all.data.error}
        code={all.data.error_code}
        onRetry={() => void all.refetch()}
      />
    );
  const base = all.data;

  const shownResult = filtering ? filtered.data : base;
  const shown = shownResult?.status === 'ok' ? shownResult.skills : null;
  const selected = base.skills.find((s) => s.uri === selectedUri) ?? null;

  const select = (uri: string) => {
    setSelectedUri(uri);
    const url = new URL(window.location.href);
    url.searchParams.set('skill', uri);
    window.history.replaceState(null, '', url);
    requestAnimationFrame(() => detailRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }));
  };

  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-[17rem_minmax(0,1fr)] xl:grid-cols-[minmax(18rem,24rem)_minmax(0,1fr)]">
        <div className="space-y-3">
          <SkillFilters query={query} onQuery={setQuery} tag={tag} onTag={setTag} tags={tags} />
          <p className="text-xs text-slate-500" aria-live="polite" data-testid="skill-count">
            {filtering && filtered.isFetching && !shown
              ? 'Searching…'
              : shown
                ? filtering
                  ? `${shown.length} of ${base.count} skills match`
                  : `${base.count} valid skills in ${base.directory}/`
                : ''}
          </p>
          {filtering && filtered.isError && (
            <ErrorState title="Search failed" message={errorMessage(filtered.error)} onRetry={() => void filtered.refetch()} />
          )}
          {filtering && filtered.data?.status === 'error' && <ErrorState title="Search failed" message={filtered.data.error} />}
          {shown && shown.length === 0 && (
            <EmptyState title={filtering ? 'No skill matches' : 'The catalog is empty'}>
              {filtering
                ? 'Every search word must appear in the name, description, tags or tool names.'
                : `Add skill manifests to ${base.directory}/.`}
            </EmptyState>
          )}
          {shown && shown.length > 0 && (
            <ul className={`space-y-2 ${filtering && filtered.isFetching ? 'opacity-60' : ''}`} aria-label="Skills">
              {shown.map((s) => (
                <li key={s.uri}>
                  <SkillCard skill={s} selected={s.uri === selectedUri} onSelect={select} />
                </li>
              ))}
            </ul>
          )}
        </div>
        <div
          ref={detailRef}
          className={
            'min-w-0 scroll-mt-6 self-start rounded-xl border border-slate-200 bg-white p-5 lg:sticky lg:top-6 ' +
            'lg:max-h-[calc(100vh-3rem)] lg:overflow-y-auto'
          }
        >
          {selected ? (
            <SkillDetail skill={selected} onSelectSkill={select} />
          ) : (
            <EmptyState title={selectedUri ? `No valid skill ${selectedUri} in the catalog` : 'No skill selected'}>
              Select a skill to see its directives, tools with their parameter schemas, data sources and validation result.
            </EmptyState>
          )}
        </div>
      </div>
      <InvalidSkills invalid={base.invalid} unreadable={base.unreadable} directory={base.directory} />
    </div>
  );
}
