CREATE TABLE "graph_edges" (
	"kind" text NOT NULL,
	"child_workflow_id" text NOT NULL,
	"child_version" text NOT NULL,
	"parent_workflow_id" text NOT NULL,
	"parent_version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "graph_edges_pk" PRIMARY KEY("kind","child_workflow_id","child_version","parent_workflow_id","parent_version"),
	CONSTRAINT "graph_edges_kind_check" CHECK ("graph_edges"."kind" in ('VERSION_OF', 'REFINEMENT_OF'))
);
--> statement-breakpoint
CREATE TABLE "graph_executions" (
	"run_id" text PRIMARY KEY NOT NULL,
	"workflow_id" text NOT NULL,
	"workflow_version" text NOT NULL,
	"workflow_name" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"episode_uuid" uuid NOT NULL,
	"episode" jsonb NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "graph_executions_episode_uuid_unique" UNIQUE("episode_uuid"),
	CONSTRAINT "graph_executions_status_check" CHECK ("graph_executions"."status" in ('SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED'))
);
--> statement-breakpoint
CREATE TABLE "graph_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "graph_outbox_kind_check" CHECK ("graph_outbox"."kind" in ('episode', 'workflow_version', 'link', 'skill'))
);
--> statement-breakpoint
CREATE TABLE "graph_skill_uses" (
	"run_id" text NOT NULL,
	"seq" integer NOT NULL,
	"state" text NOT NULL,
	"skill" text NOT NULL,
	"outcome" text NOT NULL,
	"latency_ms" integer,
	"error" text,
	"attempts" integer NOT NULL,
	"swapped_from" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "graph_skill_uses_pk" PRIMARY KEY("run_id","seq"),
	CONSTRAINT "graph_skill_uses_outcome_check" CHECK ("graph_skill_uses"."outcome" in ('success', 'failure'))
);
--> statement-breakpoint
CREATE TABLE "graph_skills" (
	"uri" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"version" text NOT NULL,
	"capability" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"n_success" integer DEFAULT 0 NOT NULL,
	"n_failures" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "graph_workflows" (
	"workflow_id" text NOT NULL,
	"version" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"author" text,
	CONSTRAINT "graph_workflows_pk" PRIMARY KEY("workflow_id","version")
);
--> statement-breakpoint
ALTER TABLE "graph_edges" ADD CONSTRAINT "graph_edges_child_fk" FOREIGN KEY ("child_workflow_id","child_version") REFERENCES "public"."graph_workflows"("workflow_id","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graph_edges" ADD CONSTRAINT "graph_edges_parent_fk" FOREIGN KEY ("parent_workflow_id","parent_version") REFERENCES "public"."graph_workflows"("workflow_id","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graph_executions" ADD CONSTRAINT "graph_executions_workflow_fk" FOREIGN KEY ("workflow_id","workflow_version") REFERENCES "public"."graph_workflows"("workflow_id","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graph_skill_uses" ADD CONSTRAINT "graph_skill_uses_run_id_graph_executions_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."graph_executions"("run_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graph_skill_uses" ADD CONSTRAINT "graph_skill_uses_skill_graph_skills_uri_fk" FOREIGN KEY ("skill") REFERENCES "public"."graph_skills"("uri") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "graph_edges_parent_idx" ON "graph_edges" USING btree ("parent_workflow_id","parent_version");--> statement-breakpoint
CREATE INDEX "graph_executions_workflow_idx" ON "graph_executions" USING btree ("workflow_id","workflow_version","started_at");--> statement-breakpoint
CREATE INDEX "graph_outbox_pending_idx" ON "graph_outbox" USING btree ("id") WHERE "graph_outbox"."applied_at" is null;--> statement-breakpoint
CREATE INDEX "graph_skill_uses_skill_at_idx" ON "graph_skill_uses" USING btree ("skill","at");--> statement-breakpoint
CREATE INDEX "graph_workflows_skills_idx" ON "graph_workflows" USING gin ("skills");