import { randomUUID } from 'node:crypto';
import { parseGuidelines, type Guidelines } from '../../../delegation/guidelines.ts';
import { readProtocolMessage } from '../../../delegation/protocol.ts';
import type { SessionObservation } from '../../../delegation/receive.ts';
import { tagValue } from '../../../../lib/tags.ts';
import {
  currentTurn,
  parseObject,
  turnToolResults,
  type Brain,
  type BrainDecision,
  type BrainInput,
  type BrainToolCall,
} from '../brain.ts';
import { answerFromGuidelines } from './answer.ts';
import { bufferWithout, observationLine, readObservation } from './observation.ts';
import { dismissedCompanions, historyWindow, sessionTasks, skillHistories, skillsOf, skillTallies, type TaskRecord } from './outcomes.ts';
import { adviceMessage, episodeArgs, guidelinesArgs, patternLine, patternPrefix, publicationsOf, type Publication } from './publication.ts';
import { ratingsOf } from './ratings.ts';
import { analyse, type Analysis } from './rules.ts';
import { finalReport } from './report.ts';
import { strategistPlan } from './strategist-plan.ts';
import { asRecord } from '../../../../lib/is-record.ts';

type Result = ReturnType<typeof turnToolResults>[number];

/** The knowledge-graph episode tools (Graphiti's add_memory, or add_episode), first attached wins. */
export const EPISODE_TOOLS = ['add_memory', 'add_episode'];
/** read_session_activity windows, widest first: the whole session (the tool's most), then narrower if a read comes back cut short. */
export const ACTIVITY_WINDOWS_MIN = [60 * 24 * 90, 60 * 24, 60];
/** Skills whose reliability one analysis asks for (those that failed in the session first). */
export const MAX_SKILLS = 16;

/**
 * The deterministic brain of the `strategist` role (delegated mode), stateless: each step is
 * derived from the message that woke it, this turn's tool returns and its memory blocks.
 *
 * On a `session_observation` (server/delegation/receive.ts):
 *   core_memory_append(observation_buffer, one line)
 *   → read_session_activity (the whole session)
 *   → get_skill_reliability per skill the session used (history, capability, alternatives)
 *   → compare_models over the session's Companions (the evaluate_contribution ratings of their work)
 *   → the rules (rules.ts) against strategist_guidelines as it is:
 *       nothing new → no publication;
 *       else update_conductor_guidelines per finding
 *         → send_message_to_agent_async(strategic_advice) to the Conductor per publication
 *         → pattern_library line (replacing the line about the same thing) and, when an episode
 *           tool is attached, a knowledge-graph episode
 *   → core_memory_replace(observation_buffer): the analysed tasks' lines removed
 *   → a message saying what it did and why.
 * A failed activity read ends the turn with nothing published (the observation stays in the buffer);
 * a failed ratings read only leaves rule 5 out (the report says so).
 * Anything else is answered from strategist_guidelines (answer.ts).
 */
export const strategistBrain: Brain = {
  name: 'deterministic:strategist',
  async decide(input: BrainInput): Promise<BrainDecision> {
    const { inbound, steps } = currentTurn(input.history);
    const guidelines = blockOf(input, 'strategist_guidelines');
    const g = guidelines ? parseGuidelines(guidelines.value) : null;
    if (!inbound) return say(answerFromGuidelines('', g));
    const read = readObservation(inbound.content);
    if (read.kind === 'other') return say(answerFromGuidelines(inbound.content, g));
    if (read.kind === 'malformed')
      return say(`This session_observation cannot be analysed (${read.problems.join('; ')}); nothing published.`);
    return new StrategistTurn(input, read.observation, g, turnToolResults(steps)).next();
  },
  plan(input, _decision, unit) {
    const { inbound } = currentTurn(input.history);
    const read = inbound ? readObservation(inbound.content) : null;
    return read?.kind === 'observation' ? strategistPlan(input, read.observation, unit, EPISODE_TOOLS) : null;
  },
};

const blockOf = (input: BrainInput, label: string) => input.blocks.find((b) => b.label === label) ?? null;

const say = (content: string): BrainDecision => ({ kind: 'message', content });

const toolCall = (name: string, args: Record<string, unknown>): BrainToolCall => ({
  id: `call_${randomUUID()}`,
  name,
  arguments: JSON.stringify(args),
});

const calls = (reasoning: string, list: BrainToolCall[]): BrainDecision => ({
  kind: 'tool_calls',
  reasoning,
  tool_calls: list,
});

const succeeded = (r: Result) => r.status === 'success' && r.result?.status === 'ok';

class StrategistTurn {
  private readonly now = new Date();

  constructor(
    private readonly input: BrainInput,
    private readonly o: SessionObservation,
    /** strategist_guidelines as the block holds it now (null without the block). */
    private readonly g: Guidelines | null,
    private readonly results: Result[],
  ) {}

  next(): BrainDecision {
    const mine = tagValue(this.input.agent.tags, 'session:');
    if (mine && mine !== this.o.session_id)
      return say(`This observation is of session ${this.o.session_id}; I am the Strategist of session ${mine}. Nothing done.`);
    return (
      this.note() ?? this.gather() ?? this.rate() ?? this.publish() ?? this.advise() ?? this.remember() ?? this.clear() ?? this.report()
    );
  }

  private has(name: string): boolean {
    return this.input.tools.some((t) => t.name === name);
  }

  private done(name: string, label?: string): Result[] {
    return this.results.filter((r) => r.name === name && (label === undefined || r.args.label === label));
  }

  /** 1. The observation's line in observation_buffer (once). */
  private note(): BrainDecision | null {
    const buffer = blockOf(this.input, 'observation_buffer');
    const line = observationLine(this.o);
    if (
      !buffer ||
      !this.has('core_memory_append') ||
      buffer.value.split('\n').includes(line) ||
      this.done('core_memory_append', 'observation_buffer').length
    )
      return null;
    return calls(`Task ${this.o.task_id} ${this.o.status}: note it in observation_buffer.`, [
      toolCall('core_memory_append', { label: 'observation_buffer', content: line }),
    ]);
  }

  /** 2. The session's activity, then each skill's reliability. A failed read ends the turn. */
  private gather(): BrainDecision | null {
    if (!this.has('read_session_activity'))
      return say(`I cannot analyse task ${this.o.task_id}: read_session_activity is not attached to me. Nothing published.`);
    const reads = this.done('read_session_activity');
    const last = reads.at(-1);
    const readAt = (i: number) => {
      const window = ACTIVITY_WINDOWS_MIN[i]!;
      const why =
        i === 0
          ? `Read the whole session's activity to count outcomes per skill and specialization.`
          : `The activity read came back cut short: read the last ${window} minutes instead.`;
      const args = {
        session_id: this.o.session_id,
        include_delegation_log: false,
        include_companion_states: true,
        time_window_minutes: window,
      };
      return calls(why, [toolCall('read_session_activity', args)]);
    };
    if (!last) return readAt(0);
    if (last.status === 'success' && last.result === null && reads.length < ACTIVITY_WINDOWS_MIN.length) return readAt(reads.length);
    if (!succeeded(last)) {
      const why = last.result ? String(last.result.error ?? 'error') : 'the answer was cut short';
      return say(
        `I could not read session ${this.o.session_id}'s activity (${why}); nothing analysed or published. Task ${this.o.task_id} stays in observation_buffer.`,
      );
    }
    if (!this.has('get_skill_reliability') || this.done('get_skill_reliability').length) return null;
    const skills = this.skillsToAsk();
    if (!skills.length) return null;
    return calls(
      `Skill history and alternatives for ${skills.length} skill${skills.length === 1 ? '' : 's'} this session used.`,
      skills.map((skill) => toolCall('get_skill_reliability', { skill })),
    );
  }

  private activity(): Record<string, unknown> {
    const last = this.done('read_session_activity').at(-1);
    const a = last?.result?.activity;
    return asRecord(a);
  }

  private tasks(): TaskRecord[] {
    return sessionTasks(this.activity(), this.o);
  }

  /** Skills of the session's tasks, those with failures first, at most MAX_SKILLS. */
  private skillsToAsk(): string[] {
    const tallies = skillTallies(this.tasks());
    return [...new Set(this.tasks().flatMap(skillsOf))]
      .sort((a, b) => (tallies.get(b)?.failures ?? 0) - (tallies.get(a)?.failures ?? 0) || a.localeCompare(b))
      .slice(0, MAX_SKILLS);
  }

  /** The session's Companions still serving (dismissed ones get no advice), sorted. */
  private companions(): string[] {
    const dismissed = dismissedCompanions(this.activity());
    return [...new Set(this.tasks().map((t) => t.companion_id))].filter((c) => !dismissed.has(c)).sort();
  }

  /** 2b. The Companions' measured figures, for the ratings their work was given (rule 5). */
  private rate(): BrainDecision | null {
    if (!this.has('compare_models') || this.done('compare_models').length) return null;
    const companions = this.companions();
    if (!companions.length) return null;
    return calls(
      `Read how other agents rated the work of ${companions.length === 1 ? 'the Companion' : `${companions.length} Companions`} (evaluate_contribution).`,
      [toolCall('compare_models', { model_ids: companions })],
    );
  }

  private conductorId(): string | null {
    const sc = blockOf(this.input, 'session_context');
    const doc = sc ? parseObject(sc.value) : null;
    return typeof doc?.conductor_id === 'string' && doc.conductor_id ? doc.conductor_id : null;
  }

  /** The rules over this turn's reads, against the guidelines as they are. */
  analysis(): Analysis | null {
    if (!this.g) return null;
    const reads = this.done('get_skill_reliability').filter(succeeded);
    const histories = reads.flatMap((r) => skillHistories(r.result));
    const window = reads.map((r) => historyWindow(r.result)).find((w) => w !== null) ?? null;
    const rated = this.done('compare_models').filter(succeeded).at(-1);
    return analyse({
      tasks: this.tasks(),
      histories,
      historyWindow: window,
      guidelines: this.g,
      dismissed: dismissedCompanions(this.activity()),
      ratings: ratingsOf(rated?.result),
    });
  }

  /** 3. One update_conductor_guidelines per finding, when there are findings and it can publish. */
  private publish(): BrainDecision | null {
    if (this.done('update_conductor_guidelines').length) return null;
    const a = this.analysis();
    const conductor = this.conductorId();
    if (!a?.findings.length || !conductor || !this.has('update_conductor_guidelines')) return null;
    return calls(
      `The evidence supports ${a.findings.length} change${a.findings.length === 1 ? '' : 's'} the ` +
        `guidelines do not hold yet: publish ${a.findings.length === 1 ? 'it' : 'them'}.`,
      a.findings.map((f) => toolCall('update_conductor_guidelines', guidelinesArgs(f, conductor, this.o.session_id))),
    );
  }

  /** What this turn published, with the revision each publication made. */
  published(): Array<{ p: Publication; revision: number | null }> {
    return this.done('update_conductor_guidelines')
      .filter(succeeded)
      .flatMap((r) =>
        publicationsOf(r.args).map((p) => ({
          p,
          revision: typeof r.result?.revision === 'number' ? r.result.revision : null,
        })),
      );
  }

  /** 4. A strategic_advice message to the Conductor per publication (each checked against its schema). */
  private advise(): BrainDecision | null {
    const conductor = this.conductorId();
    const pubs = this.published();
    if (!pubs.length || !conductor || !this.has('send_message_to_agent_async') || this.done('send_message_to_agent_async').length)
      return null;
    const messages = pubs
      .map(({ p, revision }) => JSON.stringify(adviceMessage(p, this.input.agent.id, revision, this.now)))
      .filter((m) => readProtocolMessage(m).kind === 'valid');
    if (!messages.length) return null;
    return calls(
      `Tell the Conductor what changed, with the evidence and confidence.`,
      messages.map((message) => toolCall('send_message_to_agent_async', { message, other_agent_id: conductor })),
    );
  }

  episodeTool() {
    return this.input.tools.find((t) => EPISODE_TOOLS.includes(t.name)) ?? null;
  }

  /** 5. The patterns: pattern_library (replacing the line about the same thing) and graph episodes. */
  private remember(): BrainDecision | null {
    const pubs = this.published();
    const episode = this.episodeTool();
    const written =
      this.done('core_memory_append', 'pattern_library').length +
      this.done('core_memory_replace', 'pattern_library').length +
      (episode ? this.done(episode.name).length : 0);
    if (!pubs.length || written) return null;
    const library = blockOf(this.input, 'pattern_library');
    const list: BrainToolCall[] = [];
    if (library) {
      const lines = library.value.split('\n');
      for (const { p, revision } of pubs) {
        const line = patternLine(p, revision, this.now);
        const old = lines.find((l) => l.startsWith(patternPrefix(p)));
        if (old && this.has('core_memory_replace'))
          list.push(toolCall('core_memory_replace', { label: 'pattern_library', old_content: old, new_content: line }));
        else if (this.has('core_memory_append')) list.push(toolCall('core_memory_append', { label: 'pattern_library', content: line }));
      }
    }
    if (episode) {
      for (const { p, revision } of pubs) {
        const e = episodeArgs(episode, p, this.o.session_id, revision, this.now);
        if ('args' in e) list.push(toolCall(episode.name, e.args));
      }
    }
    return list.length ? calls('Keep the published patterns in pattern_library and the knowledge graph.', list) : null;
  }

  /** 6. The analysed tasks' lines out of observation_buffer. */
  private clear(): BrainDecision | null {
    const buffer = blockOf(this.input, 'observation_buffer');
    if (!buffer || !buffer.value || !this.has('core_memory_replace') || this.done('core_memory_replace', 'observation_buffer').length)
      return null;
    const next = bufferWithout(buffer.value, new Set(this.tasks().map((t) => t.task_id)));
    if (next === null) return null;
    return calls('Analysed: clear those observations from observation_buffer.', [
      toolCall('core_memory_replace', { label: 'observation_buffer', old_content: buffer.value, new_content: next }),
    ]);
  }

  /** 7. What was done, and why (or why not). */
  private report(): BrainDecision {
    return say(
      finalReport({
        observation: this.o,
        tasks: this.tasks(),
        analysis: this.done('update_conductor_guidelines').length ? null : this.analysis(),
        canPublish: {
          guidelines: !!this.g,
          conductor: this.conductorId(),
          tool: this.has('update_conductor_guidelines'),
        },
        published: this.published(),
        publishFailures: this.done('update_conductor_guidelines')
          .filter((r) => !succeeded(r))
          .map((r) => String(r.result?.error ?? 'error')),
        reliabilityFailures: this.done('get_skill_reliability')
          .filter((r) => !succeeded(r))
          .map((r) => `${String(r.args.skill)}: ${String(r.result?.error ?? 'error')}`),
        ratingFailures: this.done('compare_models')
          .filter((r) => !succeeded(r))
          .map((r) => String(r.result?.error ?? 'error')),
        advised: this.done('send_message_to_agent_async').filter(succeeded).length,
        adviceFailures: this.done('send_message_to_agent_async')
          .filter((r) => !succeeded(r))
          .map((r) => String(r.result?.error ?? 'error')),
        episodes: this.episodes(),
      }),
    );
  }

  private episodes(): { tool: string; written: number; missing: string[] } | null {
    const tool = this.episodeTool();
    if (!tool) return null;
    const first = this.published()[0];
    const e = first ? episodeArgs(tool, first.p, this.o.session_id, first.revision, this.now) : { args: {} };
    return {
      tool: tool.name,
      written: this.done(tool.name).filter(succeeded).length,
      missing: 'missing' in e ? e.missing : [],
    };
  }
}
