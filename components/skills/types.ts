import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/trpc/root';

/** `get_skillset`'s envelope as `skills.list` returns it. */
export type SkillsetResult = inferRouterOutputs<AppRouter>['skills']['list'];
export type Skillset = Extract<SkillsetResult, { status: 'ok' }>;
export type ListedSkill = Skillset['skills'][number];
/** Present with `detail: "full"`, which the Skills page always asks for. */
export type SkillManifest = NonNullable<ListedSkill['manifest']>;
export type ManifestTool = SkillManifest['requiredTools'][number];
export type DataSource = SkillManifest['requiredDataSources'][number];
