/**
 * Every Cypher statement the Neo4j adapter sends, as named constants — the only place Cypher is
 * written. Values always travel as `$parameters`, never inside the text; relationship types,
 * which Cypher cannot parameterise, get one constant each. statements.test.ts parses all of
 * them with the Neo4j Cypher parser; adapter.test.ts checks that nothing else is ever sent.
 *
 * Model (Graphiti-compatible where Graphiti has a say):
 *   (:Episodic {uuid, name, group_id, source, source_description, content, entity_edges, valid_at, created_at})
 *     -[:MENTIONS {uuid, group_id, created_at}]->(:WorkflowExecution {run_id, status, started_at, finished_at, …})
 *   (:WorkflowExecution)-[:EXECUTION_OF]->(:Workflow {workflow_id, version, name, …})   one node per version
 *   (:WorkflowExecution)-[:USED_SKILL {run_id, seq, state, outcome, latency_ms, error, attempts, swapped_from,
 *                                      strategy, at}]
 *     ->(:Skill {uri, …, n_success, n_failures, n_caller_errors})
 *     outcome: 'success' | 'failure' (the skill's own) | 'caller_error' (the caller's input; never the skill's failure)
 *   (:Workflow)-[:VERSION_OF | :REFINEMENT_OF]->(:Workflow)                               child → parent
 *   (:Episodic {group_id: <session id>})-[:MENTIONS]->(:DelegatedTask {session_id, task_id, companion_id, status, duration_s, …})
 *   (:DelegatedTask)-[:USED_SKILL {run_id: 'task:<session>/<task>', state: <plan step>, …}]->(:Skill)   counted like a run's
 *   (:Episodic {group_id, source, content, …})                                               a Strategist's pattern (add_memory)
 * Times are stored as DATETIME values (as Graphiti stores valid_at / created_at) and read back as
 * epoch milliseconds.
 */

// ---- schema (idempotent; run once per process before the first query) ----------------------

export const CONSTRAINT_SKILL_URI = 'CREATE CONSTRAINT dcf_skill_uri IF NOT EXISTS FOR (s:Skill) REQUIRE s.uri IS UNIQUE';
export const CONSTRAINT_WORKFLOW_VERSION =
  'CREATE CONSTRAINT dcf_workflow_version IF NOT EXISTS FOR (w:Workflow) REQUIRE (w.workflow_id, w.version) IS UNIQUE';
export const CONSTRAINT_EXECUTION_RUN_ID =
  'CREATE CONSTRAINT dcf_execution_run_id IF NOT EXISTS FOR (x:WorkflowExecution) REQUIRE x.run_id IS UNIQUE';
export const CONSTRAINT_DELEGATED_TASK =
  'CREATE CONSTRAINT dcf_delegated_task IF NOT EXISTS FOR (t:DelegatedTask) REQUIRE (t.session_id, t.task_id) IS UNIQUE';
export const INDEX_WORKFLOW_ID = 'CREATE INDEX dcf_workflow_id IF NOT EXISTS FOR (w:Workflow) ON (w.workflow_id)';
export const INDEX_USED_SKILL_AT = 'CREATE INDEX dcf_used_skill_at IF NOT EXISTS FOR ()-[u:USED_SKILL]-() ON (u.at)';
// Graphiti's own index names and definitions, so Graphiti's build_indices_and_constraints finds them in place.
export const INDEX_EPISODE_UUID = 'CREATE INDEX episode_uuid IF NOT EXISTS FOR (n:Episodic) ON (n.uuid)';
export const INDEX_EPISODE_GROUP_ID = 'CREATE INDEX episode_group_id IF NOT EXISTS FOR (n:Episodic) ON (n.group_id)';
export const INDEX_EPISODE_CREATED_AT = 'CREATE INDEX created_at_episodic_index IF NOT EXISTS FOR (n:Episodic) ON (n.created_at)';
export const INDEX_EPISODE_VALID_AT = 'CREATE INDEX valid_at_episodic_index IF NOT EXISTS FOR (n:Episodic) ON (n.valid_at)';
export const INDEX_MENTION_UUID = 'CREATE INDEX mention_uuid IF NOT EXISTS FOR ()-[e:MENTIONS]-() ON (e.uuid)';
export const INDEX_MENTION_GROUP_ID = 'CREATE INDEX mention_group_id IF NOT EXISTS FOR ()-[e:MENTIONS]-() ON (e.group_id)';

/** In this order (constraints first: they back the MERGE lookups). */
const SCHEMA = {
  CONSTRAINT_SKILL_URI,
  CONSTRAINT_WORKFLOW_VERSION,
  CONSTRAINT_EXECUTION_RUN_ID,
  CONSTRAINT_DELEGATED_TASK,
  INDEX_WORKFLOW_ID,
  INDEX_USED_SKILL_AT,
  INDEX_EPISODE_UUID,
  INDEX_EPISODE_GROUP_ID,
  INDEX_EPISODE_CREATED_AT,
  INDEX_EPISODE_VALID_AT,
  INDEX_MENTION_UUID,
  INDEX_MENTION_GROUP_ID,
} as const;
export const SCHEMA_STATEMENTS = Object.values(SCHEMA);

export const PING = 'RETURN 1 AS ok';

// ---- writes ---------------------------------------------------------------------------------

/** Counters are set on creation only: an upsert never resets them. */
export const UPSERT_SKILL = `
MERGE (s:Skill {uri: $uri})
ON CREATE SET s.n_success = 0, s.n_failures = 0, s.n_caller_errors = 0
SET s.name = $name, s.version = $version, s.capability = $capability, s.tags = $tags, s.updated_at = datetime($now)`;

export const UPSERT_WORKFLOW_VERSION = `
MERGE (w:Workflow {workflow_id: $workflow_id, version: $version})
SET w.name = $name, w.description = $description, w.tags = $tags, w.skills = $skills,
    w.created_at = datetime($created_at), w.author = $author`;

/** Both endpoints are merged (placeholders if new), then the edge; same shape for both kinds. */
const linkStatement = (rel: 'VERSION_OF' | 'REFINEMENT_OF') => `
MERGE (c:Workflow {workflow_id: $child_workflow_id, version: $child_version})
ON CREATE SET c.name = $child_workflow_id, c.description = '', c.tags = [], c.skills = [], c.created_at = datetime($now)
MERGE (p:Workflow {workflow_id: $parent_workflow_id, version: $parent_version})
ON CREATE SET p.name = $parent_workflow_id, p.description = '', p.tags = [], p.skills = [], p.created_at = datetime($now)
MERGE (c)-[:${rel}]->(p)`;
export const LINK_VERSION_OF = linkStatement('VERSION_OF');
export const LINK_REFINEMENT_OF = linkStatement('REFINEMENT_OF');

/**
 * recordEpisode, step 1 of 4 (one write transaction): claim the run. `claimed` is true only for
 * the call that created the execution node (it alone holds `$write_id`, a fresh random token);
 * any later call for the same run_id gets false and writes nothing more.
 */
export const CLAIM_EXECUTION = `
MERGE (x:WorkflowExecution {run_id: $run_id})
ON CREATE SET x.write_id = $write_id
RETURN x.write_id = $write_id AS claimed`;

/** Step 2: the execution's fields, EXECUTION_OF its version (placeholder if unknown), the Graphiti episode. */
export const RECORD_EXECUTION = `
MATCH (x:WorkflowExecution {run_id: $run_id})
MERGE (w:Workflow {workflow_id: $workflow_id, version: $workflow_version})
ON CREATE SET w.name = $workflow_name, w.description = '', w.tags = [], w.skills = [], w.created_at = datetime($now)
SET x.workflow_id = $workflow_id, x.workflow_version = $workflow_version, x.workflow_name = $workflow_name,
    x.status = $status, x.started_at = datetime($started_at), x.finished_at = datetime($finished_at),
    x.recorded_at = datetime($now)
MERGE (x)-[:EXECUTION_OF]->(w)
MERGE (e:Episodic {uuid: $episode_uuid})
SET e.name = $episode_name, e.group_id = $group_id, e.source = $source, e.source_description = $source_description,
    e.content = $content, e.entity_edges = [], e.valid_at = datetime($finished_at), e.created_at = datetime($now)
MERGE (e)-[m:MENTIONS {uuid: $mention_uuid}]->(x)
SET m.group_id = $group_id, m.created_at = datetime($now)`;

/** Step 3: one USED_SKILL per use; a skill never upserted gets a placeholder node with zero counters. */
export const RECORD_SKILL_USES = `
MATCH (x:WorkflowExecution {run_id: $run_id})
UNWIND $uses AS use
MERGE (s:Skill {uri: use.skill})
ON CREATE SET s.name = use.skill_name, s.version = use.skill_version, s.tags = [], s.n_success = 0, s.n_failures = 0,
              s.n_caller_errors = 0
CREATE (x)-[u:USED_SKILL]->(s)
SET u.run_id = $run_id, u.seq = use.seq, u.state = use.state, u.outcome = use.outcome, u.latency_ms = use.latency_ms,
    u.error = use.error, u.attempts = use.attempts, u.swapped_from = use.swapped_from, u.strategy = use.strategy,
    u.at = datetime($at)`;

/** Step 4: the spec's counters (§4.3: "increment the n_failures count on the Skill node"); caller errors apart. */
export const BUMP_SKILL_COUNTERS = `
UNWIND $counts AS c
MATCH (s:Skill {uri: c.uri})
SET s.n_success = coalesce(s.n_success, 0) + c.n_success, s.n_failures = coalesce(s.n_failures, 0) + c.n_failures,
    s.n_caller_errors = coalesce(s.n_caller_errors, 0) + c.n_caller_errors`;

// ---- delegated tasks and patterns (Graphiti episodes) --------------------------------------

/** recordTaskEpisode, step 1 of 4 (one write transaction): claim the task, as CLAIM_EXECUTION claims a run. */
export const CLAIM_TASK = `
MERGE (t:DelegatedTask {session_id: $session_id, task_id: $task_id})
ON CREATE SET t.write_id = $write_id
RETURN t.write_id = $write_id AS claimed`;

/** Step 2: the task's fields and its Graphiti episode in the session's group (an existing uuid keeps its episode). */
export const RECORD_TASK = `
MATCH (t:DelegatedTask {session_id: $session_id, task_id: $task_id})
SET t.companion_id = $companion_id, t.status = $status, t.duration_s = $duration_s, t.error = $error,
    t.completed_at = datetime($completed_at), t.recorded_at = datetime($now)
MERGE (e:Episodic {uuid: $episode_uuid})
ON CREATE SET e.name = $episode_name, e.group_id = $group_id, e.source = $source, e.source_description = $source_description,
    e.content = $content, e.entity_edges = [], e.valid_at = datetime($completed_at), e.created_at = datetime($now)
MERGE (e)-[m:MENTIONS {uuid: $mention_uuid}]->(t)
SET m.group_id = $group_id, m.created_at = datetime($now)`;

/** Step 3: one USED_SKILL per use, each at its own time; then BUMP_SKILL_COUNTERS (step 4). */
export const RECORD_TASK_SKILL_USES = `
MATCH (t:DelegatedTask {session_id: $session_id, task_id: $task_id})
UNWIND $uses AS use
MERGE (s:Skill {uri: use.skill})
ON CREATE SET s.name = use.skill_name, s.version = use.skill_version, s.tags = [], s.n_success = 0, s.n_failures = 0,
              s.n_caller_errors = 0
CREATE (t)-[u:USED_SKILL]->(s)
SET u.run_id = $run_id, u.seq = use.seq, u.state = use.state, u.outcome = use.outcome, u.latency_ms = use.latency_ms,
    u.error = use.error, u.attempts = use.attempts, u.swapped_from = use.swapped_from, u.strategy = use.strategy,
    u.at = datetime(use.at)`;

/** Insert-once: an episode already under this uuid (a run's, a task's, an earlier pattern) is kept. */
export const RECORD_PATTERN_EPISODE = `
MERGE (e:Episodic {uuid: $uuid})
ON CREATE SET e.name = $name, e.group_id = $group_id, e.source = $source, e.source_description = $source_description,
    e.content = $content, e.entity_edges = [], e.valid_at = datetime($valid_at), e.created_at = datetime($created_at)`;

const episodicColumns = `
RETURN e.uuid AS uuid, e.name AS name, e.group_id AS group_id, e.source AS source, e.source_description AS source_description,
       e.content AS content, e.valid_at.epochMillis AS valid_at_ms, e.created_at.epochMillis AS created_at_ms`;

/** Every Episodic of the groups (null: of all groups), newest valid_at first, then uuid descending. */
export const EPISODES = `
MATCH (e:Episodic)
WHERE $group_ids IS NULL OR e.group_id IN $group_ids${episodicColumns}
ORDER BY e.valid_at DESC, e.uuid DESC
LIMIT $limit`;

export const EPISODE_BY_UUID = `
MATCH (e:Episodic {uuid: $uuid})${episodicColumns}
LIMIT 1`;

// ---- reliability ----------------------------------------------------------------------------

/** Where uses come from: workflow executions and delegated tasks alike. */
const USE_SOURCE = '(:WorkflowExecution|DelegatedTask)';

/**
 * Node counters plus aggregates over the window's uses: those at or after `$since` and at or
 * before `$until` (null = no bound; only activity reads set `$until`), the latest `$limit` of them
 * by (at, run_id, seq) descending. percentileCont interpolates linearly and ignores null latencies, like Postgres's percentile_cont. Caller errors are no uses
 * of the skill: they are windowed apart (their own latest `$limit`) and only counted.
 */
const reliabilityBody = `
CALL (s) {
  OPTIONAL MATCH ${USE_SOURCE}-[u:USED_SKILL]->(s)
  WHERE ($since IS NULL OR u.at >= datetime($since)) AND ($until IS NULL OR u.at <= datetime($until))
    AND u.outcome <> 'caller_error'
  WITH u ORDER BY u.at DESC, u.run_id DESC, u.seq DESC LIMIT $limit
  RETURN count(CASE WHEN u.outcome = 'success' THEN 1 END) AS n_success,
         count(CASE WHEN u.outcome = 'failure' THEN 1 END) AS n_failures,
         percentileCont(u.latency_ms, 0.5) AS p50,
         percentileCont(u.latency_ms, 0.95) AS p95
}
CALL (s) {
  OPTIONAL MATCH ${USE_SOURCE}-[c:USED_SKILL]->(s)
  WHERE ($since IS NULL OR c.at >= datetime($since)) AND ($until IS NULL OR c.at <= datetime($until))
    AND c.outcome = 'caller_error'
  WITH c ORDER BY c.at DESC, c.run_id DESC, c.seq DESC LIMIT $limit
  RETURN count(c) AS n_caller_errors
}
RETURN s.uri AS uri, s.capability AS capability, s.n_success AS all_success, s.n_failures AS all_failures,
       coalesce(s.n_caller_errors, 0) AS all_caller_errors, n_success, n_failures, n_caller_errors, p50, p95`;

export const SKILL_RELIABILITY = `
MATCH (s:Skill {uri: $uri})${reliabilityBody}`;

export const ALL_SKILL_RELIABILITY = `
MATCH (s:Skill)${reliabilityBody}
ORDER BY uri`;

export const SKILL_TREND_USES = `
MATCH ${USE_SOURCE}-[u:USED_SKILL]->(:Skill {uri: $uri})
WHERE u.at >= datetime($from) AND u.at <= datetime($to)
RETURN u.at.epochMillis AS at_ms, u.outcome AS outcome`;

/** The latest uses of one outcome; `failure` is never a caller error (those are `caller_error`). */
const latestUses = (outcome: 'failure' | 'caller_error') => `
MATCH ${USE_SOURCE}-[u:USED_SKILL]->(:Skill {uri: $uri})
WHERE u.outcome = '${outcome}'
RETURN u.run_id AS run_id, u.state AS state, u.error AS error, u.at.epochMillis AS at_ms
ORDER BY u.at DESC, u.run_id DESC, u.seq DESC
LIMIT $limit`;
export const RECENT_FAILURES = latestUses('failure');
export const RECENT_CALLER_ERRORS = latestUses('caller_error');

// ---- activity (the dashboard's Operations: port.ts `activity`) ----------------------------

/** The runs that finished in the window, with their durations in ms. */
const RUNS_IN_WINDOW = `
MATCH (x:WorkflowExecution)
WHERE x.finished_at >= datetime($since) AND x.finished_at <= datetime($until)
WITH x, x.finished_at.epochMillis - x.started_at.epochMillis AS duration_ms`;
const runAggregates = `count(x) AS runs,
       count(CASE WHEN x.status = 'SUCCEEDED' THEN 1 END) AS succeeded,
       count(CASE WHEN x.status IN ['FAILED', 'TIMED_OUT', 'ABORTED'] THEN 1 END) AS failed,
       percentileCont(duration_ms, 0.5) AS p50,
       percentileCont(duration_ms, 0.95) AS p95`;

/**
 * Runs that finished from `$since` to `$until`, one row per London day (`$timezone`: finished_at
 * converted to the zone, then its calendar date), then one row (`day` null) over the whole window:
 * its percentiles are no sum of the days'. Durations are finished_at − started_at in ms;
 * percentileCont interpolates linearly, like Postgres's percentile_cont.
 */
export const ACTIVITY_RUNS = `${RUNS_IN_WINDOW}
RETURN toString(date(datetime({datetime: x.finished_at, timezone: $timezone}))) AS day, ${runAggregates}
UNION ALL${RUNS_IN_WINDOW}
RETURN null AS day, ${runAggregates}`;

/** Skill uses (runs' and delegated tasks') from `$since` to `$until`, per London day of their `at`. */
export const ACTIVITY_USES = `
MATCH ${USE_SOURCE}-[u:USED_SKILL]->(:Skill)
WHERE u.at >= datetime($since) AND u.at <= datetime($until)
RETURN toString(date(datetime({datetime: u.at, timezone: $timezone}))) AS day, count(u) AS skill_calls,
       count(CASE WHEN u.swapped_from IS NOT NULL THEN 1 END) AS swaps,
       count(CASE WHEN u.outcome = 'caller_error' THEN 1 END) AS caller_errors`;

// ---- skill uses in time order (the policy comparison: port.ts `skillUses`) -----------------

/**
 * Every use (runs' and delegated tasks') from `$since` to `$until` (null: open on that side), with
 * its skill's capability; the adapter orders them (ordering.ts), as the Postgres adapter does.
 */
export const SKILL_USES = `
MATCH ${USE_SOURCE}-[u:USED_SKILL]->(s:Skill)
WHERE ($since IS NULL OR u.at >= datetime($since)) AND ($until IS NULL OR u.at <= datetime($until))
RETURN u.run_id AS run_id, u.seq AS seq, u.state AS state, s.uri AS skill, s.capability AS capability,
       u.outcome AS outcome, u.latency_ms AS latency_ms, u.at.epochMillis AS at_ms, u.strategy AS strategy`;

// ---- the caller-error correction (correctCallerErrors) --------------------------------------

/** Every failed use with an error, for lib/failure-cause.ts to judge (caller-error-correction.ts). */
export const FAILED_USES = `
MATCH ${USE_SOURCE}-[u:USED_SKILL]->(s:Skill)
WHERE u.outcome = 'failure' AND u.error IS NOT NULL
RETURN u.run_id AS run_id, u.seq AS seq, s.uri AS skill, u.error AS error`;

/**
 * One skill's uses `$keys` ({run_id, seq}) that are still failures become caller errors, and the
 * skill's n_failures moves to n_caller_errors by as many. The first SET takes the skill's write
 * lock before any use is read (a direct dependency: Cypher locks before it reads), so a second
 * correction running at once waits, then sees the outcomes this one wrote: no use counts twice.
 */
export const RECLASSIFY_CALLER_ERRORS = `
MATCH (s:Skill {uri: $uri})
SET s.n_caller_errors = coalesce(s.n_caller_errors, 0) + 0
WITH s
UNWIND $keys AS k
MATCH ${USE_SOURCE}-[u:USED_SKILL {run_id: k.run_id, seq: k.seq}]->(s)
WHERE u.outcome = 'failure'
SET u.outcome = 'caller_error'
WITH s, count(u) AS n
SET s.n_failures = coalesce(s.n_failures, 0) - n, s.n_caller_errors = coalesce(s.n_caller_errors, 0) + n
RETURN n AS corrected`;

// ---- lineage --------------------------------------------------------------------------------

/** One row per family member with its outgoing lineage edges (the family is closed, so every parent is a member). */
export const LINEAGE = `
MATCH (:Workflow {workflow_id: $workflow_id})-[:VERSION_OF|REFINEMENT_OF*0..]-(n:Workflow)
WITH DISTINCT n
OPTIONAL MATCH (n)-[e:VERSION_OF|REFINEMENT_OF]->(p:Workflow)
RETURN n.workflow_id AS workflow_id, n.version AS version, n.name AS name, n.created_at.epochMillis AS created_at_ms,
       collect(CASE WHEN e IS NULL THEN null ELSE {kind: type(e), workflow_id: p.workflow_id, version: p.version} END) AS parents`;

export const DESCENDANTS = `
MATCH (t:Workflow {workflow_id: $workflow_id, version: $version})<-[:VERSION_OF|REFINEMENT_OF*1..]-(d:Workflow)
WHERE d <> t
RETURN DISTINCT d.workflow_id AS workflow_id, d.version AS version, d.name AS name, d.created_at.epochMillis AS created_at_ms`;

export const EXECUTIONS = `
MATCH (x:WorkflowExecution)-[:EXECUTION_OF]->(:Workflow {workflow_id: $workflow_id, version: $version})
RETURN x.run_id AS run_id, x.status AS status, x.started_at.epochMillis AS started_at_ms, x.finished_at.epochMillis AS finished_at_ms
ORDER BY x.started_at DESC, x.run_id DESC
LIMIT $limit`;

export const WORKFLOWS_USING_SKILL = `
MATCH (w:Workflow)
WHERE $uri IN w.skills
RETURN w.workflow_id AS workflow_id, w.version AS version, w.name AS name, w.created_at.epochMillis AS created_at_ms`;

/** Every statement by name: what the parser test parses and the recording test allows. */
export const CYPHER_STATEMENTS = {
  ...SCHEMA,
  PING,
  UPSERT_SKILL,
  UPSERT_WORKFLOW_VERSION,
  LINK_VERSION_OF,
  LINK_REFINEMENT_OF,
  CLAIM_EXECUTION,
  RECORD_EXECUTION,
  RECORD_SKILL_USES,
  BUMP_SKILL_COUNTERS,
  CLAIM_TASK,
  RECORD_TASK,
  RECORD_TASK_SKILL_USES,
  RECORD_PATTERN_EPISODE,
  EPISODES,
  EPISODE_BY_UUID,
  SKILL_RELIABILITY,
  ALL_SKILL_RELIABILITY,
  SKILL_TREND_USES,
  RECENT_FAILURES,
  RECENT_CALLER_ERRORS,
  ACTIVITY_RUNS,
  ACTIVITY_USES,
  SKILL_USES,
  FAILED_USES,
  RECLASSIFY_CALLER_ERRORS,
  LINEAGE,
  DESCENDANTS,
  EXECUTIONS,
  WORKFLOWS_USING_SKILL,
} as const;
