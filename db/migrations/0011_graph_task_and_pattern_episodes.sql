CREATE TABLE "graph_episodes" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"group_id" text NOT NULL,
	"source" text NOT NULL,
	"source_description" text NOT NULL,
	"content" text NOT NULL,
	"valid_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "graph_episodes_source_check" CHECK ("graph_episodes"."source" in ('text', 'json', 'message'))
);
--> statement-breakpoint
CREATE TABLE "graph_tasks" (
	"session_id" text NOT NULL,
	"task_id" text NOT NULL,
	"companion_id" text NOT NULL,
	"status" text NOT NULL,
	"duration_s" double precision NOT NULL,
	"error" text,
	"completed_at" timestamp with time zone NOT NULL,
	"episode_uuid" uuid NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "graph_tasks_pk" PRIMARY KEY("session_id","task_id"),
	CONSTRAINT "graph_tasks_episode_uuid_unique" UNIQUE("episode_uuid"),
	CONSTRAINT "graph_tasks_status_check" CHECK ("graph_tasks"."status" in ('succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "graph_outbox" DROP CONSTRAINT "graph_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "graph_skill_uses" DROP CONSTRAINT "graph_skill_uses_run_id_graph_executions_run_id_fk";
--> statement-breakpoint
CREATE INDEX "graph_episodes_group_valid_at_idx" ON "graph_episodes" USING btree ("group_id","valid_at");--> statement-breakpoint
CREATE INDEX "graph_episodes_valid_at_idx" ON "graph_episodes" USING btree ("valid_at");--> statement-breakpoint
ALTER TABLE "graph_outbox" ADD CONSTRAINT "graph_outbox_kind_check" CHECK ("graph_outbox"."kind" in ('episode', 'workflow_version', 'link', 'skill', 'task_episode', 'pattern_episode'));--> statement-breakpoint
-- Hand-written: the workflow executions recorded before this migration get their :Episodic rows, with the fields server/graph/episode-facts.ts gives new ones.
INSERT INTO "graph_episodes" ("uuid", "name", "group_id", "source", "source_description", "content", "valid_at", "created_at")
SELECT "episode_uuid", 'workflow_execution ' || "run_id", 'dcf', 'json', 'DCF workflow execution', "episode"::text, "finished_at", "recorded_at"
FROM "graph_executions"
ON CONFLICT DO NOTHING;
