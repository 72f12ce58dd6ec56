import { z } from 'zod';
import { WORKFLOW_VERSION_STATUSES } from '../../db/schema/workflow-store.ts';
import { findClosestWorkflow } from '../../learning/closest.ts';
import { defineTool } from '../define-tool.ts';
import { isFailure, ok } from '../../tool-result.ts';
import { learning, skillDirectory } from '../../learning/services.ts';
import { ARG_LIMITS, idString, nameString } from '../limits.ts';

/** Spec §3.2: the "closest cousin" among saved workflows for a new request. */
export const findClosestWorkflowTool = defineTool({
  name: 'find_closest_workflow',
  description:
    'Rank saved workflows as starting points for a new request (spec §3.2): candidates from search, ' +
    'ordered by how many of the requested capabilities, skills and states each already contains, then by ' +
    'search score; each with the reason. One candidate per workflow: its published version (the one in ' +
    'use), or its highest version when none is published (version_status says which; only a published ' +
    'version runs by workflow id).',
  readOnly: true,
  input: z.object({
    query: z.string().min(1).max(ARG_LIMITS.query),
    capabilities: z.array(nameString()).max(ARG_LIMITS.items).default([]).describe('e.g. ["diarization", "segmentation", "compliance"]'),
    skills: z.array(idString()).max(ARG_LIMITS.items).default([]),
    states: z.array(idString()).max(ARG_LIMITS.manyItems).default([]),
    limit: z.number().int().min(1).max(50).default(5),
  }),
  output: z.object({
    candidates: z.array(
      z.object({
        workflow_id: z.string(),
        version: z.string(),
        name: z.string(),
        coverage: z.number(),
        covered: z.array(z.string()),
        missing: z.array(z.string()),
        search_score: z.number(),
        derived_from: z.string().nullable(),
        reason: z.string(),
        version_status: z.enum(WORKFLOW_VERSION_STATUSES),
        published_at: z.string().nullable(),
        published_by: z.string().nullable(),
      }),
    ),
  }),
  async handler(args, { services }) {
    const l = await learning(services);
    if (isFailure(l)) return l;
    return ok({ candidates: await findClosestWorkflow(l.db, await skillDirectory(services), args, l.embedder) });
  },
});
