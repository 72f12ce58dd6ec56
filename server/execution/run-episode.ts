import { buildEpisode, episodeEvents } from './episode.ts';
import { loadRunDefinition } from './run-definition.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';
import { showRun } from './show-run.ts';
import type { RunView } from '../contracts/run-view.ts';
import { describeWorkflow } from '../workflows/store.ts';
import { publishEpisode, type EpisodeMessage } from '../learning/episode-stream.ts';

/**
 * A finished run's episode with its workflow version node and the skills it used. `known`: the run's view, already
 * read (with episodeEvents' events at least).
 */
export async function episodeMessage(x: ExecutionServices, runId: string, known?: RunView | null): Promise<EpisodeMessage | null> {
  const view = known === undefined ? await showRun(x, runId, { events: episodeEvents }) : known;
  const def = await loadRunDefinition(x.redis, runId);
  if (!view || !def) return null;
  const episode = await buildEpisode(x, view);
  if (!episode) return null;
  const wf = def.workflow;
  const used = [...new Set(episode.states.map((s) => s.skill).filter((s): s is string => !!s))];
  return {
    episode,
    workflow: {
      workflow_id: wf.workflow_id,
      version: wf.version,
      name: wf.workflow_name,
      description: typeof wf.description === 'string' ? wf.description : '',
      tags: Array.isArray(wf.tags) ? (wf.tags as unknown[]).filter((t): t is string => typeof t === 'string') : [],
      skills: describeWorkflow(wf).skills,
      created_at: typeof wf.created_at === 'string' ? wf.created_at : view.run.started_at,
      author: typeof wf.author === 'string' ? wf.author : null,
    },
    skills: used.map((uri) => {
      const m = x.skills.get(uri);
      const [name, version] = uri.replace('skill://', '').split('@');
      return {
        uri,
        name: m?.skillName ?? name ?? uri,
        version: m?.skillVersion ?? version ?? '0.0.0',
        capability: m?.tags[0] ?? null,
        tags: m?.tags ?? [],
      };
    }),
  };
}

/** At the end of a run: its episode goes to the graph's first hop (a Redis stream; see episode-stream.ts). */
export async function publishRunEpisode(x: ExecutionServices, runId: string, known?: RunView | null): Promise<void> {
  const message = await episodeMessage(x, runId, known);
  if (message) await publishEpisode(x.redis, message);
}
