import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/page-header';
import { SkillCatalog } from '@/components/skills/skill-catalog';

export const metadata: Metadata = { title: 'Skills' };

/** The skill catalog: every valid manifest with its details, and the files that failed validation. */
export default async function SkillsPage({ searchParams }: { searchParams: Promise<{ skill?: string | string[] }> }) {
  const { skill } = await searchParams;
  return (
    <>
      <PageHeader
        title="Skills"
        description={
          'The versioned skills workflows can bind: what each one does, the tools it brings with their ' +
          'parameter schemas, the permissions it needs, and whether its manifest is valid.'
        }
      />
      <SkillCatalog initialSkill={(Array.isArray(skill) ? skill[0] : skill) ?? null} />
    </>
  );
}
