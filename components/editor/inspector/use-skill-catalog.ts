'use client';
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { errorMessage } from '@/components/ui/error-message';
import type { SkillReport } from '@/components/skills/reliability-types';
import type { ListedSkill } from '@/components/skills/types';

export type SkillCatalog =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | {
      status: 'ok';
      skills: readonly ListedSkill[];
      directory: string;
      byUri: ReadonlyMap<string, ListedSkill>;
      reports: ReadonlyMap<string, SkillReport>;
    };

/**
 * The skill catalog (`get_skillset`) and every skill's reliability (`get_skill_reliability` for
 * all skills: recent and all-time figures, alternatives of the same capability) — the same
 * reliability query the canvas chips read, so it is fetched once.
 */
export function useSkillCatalog(): SkillCatalog {
  const trpc = useTRPC();
  const list = useQuery({ ...trpc.skills.list.queryOptions({}), staleTime: 60_000 });
  const reliability = useQuery({ ...trpc.graph.reliability.queryOptions({}), staleTime: 60_000, refetchInterval: 60_000 });
  return useMemo<SkillCatalog>(() => {
    if (list.isPending) return { status: 'loading' };
    if (list.isError) return { status: 'error', message: errorMessage(list.error) };
    if (list.data.status !== 'ok') return { status: 'error', message: `get_skillset failed: ${list.data.error}` };
    const reports = new Map(reliability.data?.status === 'ok' ? reliability.data.skills.map((r) => [r.skill, r] as const) : []);
    const skills = list.data.skills;
    return { status: 'ok', skills, directory: list.data.directory, byUri: new Map(skills.map((s) => [s.uri, s] as const)), reports };
  }, [list.isPending, list.isError, list.error, list.data, reliability.data]);
}
