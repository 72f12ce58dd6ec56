import { describe, expect, it } from 'vitest';
import { layoutLineage } from './lineage-layout';
import { buildLineageModel, parentOf } from './lineage-model';
import type { SavedVersion } from './types';

const STD = 'c4b1a2e8-5d6f-4c7a-8b1e-3f9c0d7a6b21';
const ALL = '5f0e7d2a-3b9c-4e1f-8a6d-2c4b9e7f1a30';
const PEC = 'a8d3b1c9-9e8a-4f2b-9e3d-7c1b0d8a4b21';

function saved(
  workflowId: string,
  version: string,
  createdAt: string,
  parent?: { id: string; version: string; relation: 'VERSION_OF' | 'REFINEMENT_OF' },
): SavedVersion {
  return {
    workflowId,
    version,
    name: `wf ${workflowId.slice(0, 4)}`,
    description: '',
    tags: [],
    skills: ['skill://a@1.0.0'],
    states: [],
    author: null,
    note: null,
    parentWorkflowId: parent?.id ?? null,
    parentVersion: parent?.version ?? null,
    relation: parent?.relation ?? null,
    createdAt,
    status: 'published',
    savedAt: createdAt,
    savedBy: 'seed',
    savedByLabel: 'seed',
    savedForUser: null,
    publishedAt: createdAt,
    publishedBy: 'seed',
    publishedByLabel: 'seed',
    retiredAt: null,
    retiredBy: null,
    retiredByLabel: null,
    supersededBy: null,
  } as SavedVersion;
}

/** The seeded catalog (workflows/catalog.json) plus an accepted patch version of the standard workflow. */
const SEEDED = [
  saved(PEC, '1.0.0', '2024-07-10T00:00:00.000Z', { id: STD, version: '1.0.0', relation: 'REFINEMENT_OF' }),
  saved(STD, '1.0.1', '2024-07-20T00:00:00.000Z', { id: STD, version: '1.0.0', relation: 'VERSION_OF' }),
  saved(STD, '1.0.0', '2024-07-08T00:00:00.000Z'),
  saved(ALL, '1.0.0', '2024-07-09T00:00:00.000Z', { id: STD, version: '1.0.0', relation: 'REFINEMENT_OF' }),
];

describe('buildLineageModel', () => {
  it('makes one node per version (oldest first) and one child → parent link per relation', () => {
    const m = buildLineageModel(SEEDED);
    expect(m.nodes.map((n) => n.id)).toEqual([`${STD}@1.0.0`, `${ALL}@1.0.0`, `${PEC}@1.0.0`, `${STD}@1.0.1`]);
    expect(m.links).toHaveLength(3);
    expect(m.links).toContainEqual({
      id: `${PEC}@1.0.0->${STD}@1.0.0`,
      child: `${PEC}@1.0.0`,
      parent: `${STD}@1.0.0`,
      kind: 'REFINEMENT_OF',
    });
    expect(parentOf(m, `${STD}@1.0.1`)).toEqual({ id: `${STD}@1.0.0`, kind: 'VERSION_OF' });
    expect(parentOf(m, `${STD}@1.0.0`)).toBeNull();
    expect(m.missingParents).toEqual([]);
  });

  it('lists a parent that is not saved instead of linking to it', () => {
    const m = buildLineageModel([
      saved(ALL, '1.0.0', '2024-07-09T00:00:00.000Z', { id: STD, version: '9.9.9', relation: 'REFINEMENT_OF' }),
    ]);
    expect(m.links).toEqual([]);
    expect(m.missingParents).toEqual([`${STD}@9.9.9`]);
  });
});

describe('layoutLineage (ELK)', () => {
  it('places every version, parents above their children', async () => {
    const m = buildLineageModel(SEEDED);
    const pos = await layoutLineage(m);
    expect(Object.keys(pos).sort()).toEqual(m.nodes.map((n) => n.id).sort());
    for (const l of m.links) expect(pos[l.parent]!.y + pos[l.parent]!.height).toBeLessThan(pos[l.child]!.y);
    const children = m.links.map((l) => pos[l.child]!);
    expect(new Set(children.map((c) => c.x)).size).toBe(3); // siblings side by side, not stacked
  });
});
