CREATE TABLE "agent_inbox" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"agent_id" text NOT NULL,
	"sender_agent_id" text,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "agent_inbox_status_check" CHECK ("agent_inbox"."status" in ('queued', 'delivering', 'delivered', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "block_revisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"block_id" text NOT NULL,
	"label" text NOT NULL,
	"revision" integer NOT NULL,
	"value" text NOT NULL,
	"writer" text NOT NULL,
	"reason" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delegation_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"actor" text,
	"subject" text,
	"task_id" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delegation_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"conductor_id" text NOT NULL,
	"strategist_id" text,
	"owner_user_id" uuid,
	"conversation_id" uuid,
	"platform" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"session_context_block_id" text NOT NULL,
	"delegation_log_block_id" text NOT NULL,
	"guidelines_block_id" text NOT NULL,
	"pool_max" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finalized_at" timestamp with time zone,
	"archive_path" text,
	CONSTRAINT "delegation_sessions_status_check" CHECK ("delegation_sessions"."status" in ('active', 'finalized'))
);
--> statement-breakpoint
CREATE TABLE "delegation_tasks" (
	"session_id" text NOT NULL,
	"task_id" text NOT NULL,
	"companion_id" text,
	"description" text NOT NULL,
	"skills_required" jsonb NOT NULL,
	"context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"broadcast" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"progress_pct" integer,
	"status_message" text,
	"output" jsonb,
	"metrics" jsonb,
	"error" text,
	"delegated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "delegation_tasks_pk" PRIMARY KEY("session_id","task_id"),
	CONSTRAINT "delegation_tasks_status_check" CHECK ("delegation_tasks"."status" in ('offered', 'delegated', 'succeeded', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "agent_inbox" ADD CONSTRAINT "agent_inbox_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegation_events" ADD CONSTRAINT "delegation_events_session_id_delegation_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."delegation_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegation_sessions" ADD CONSTRAINT "delegation_sessions_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegation_tasks" ADD CONSTRAINT "delegation_tasks_session_id_delegation_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."delegation_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_inbox_pending_idx" ON "agent_inbox" USING btree ("agent_id","seq") WHERE "agent_inbox"."status" in ('queued', 'delivering');--> statement-breakpoint
CREATE UNIQUE INDEX "block_revisions_block_revision_unique" ON "block_revisions" USING btree ("block_id","revision");--> statement-breakpoint
CREATE INDEX "delegation_events_session_idx" ON "delegation_events" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "delegation_sessions_owner_idx" ON "delegation_sessions" USING btree ("owner_user_id","updated_at");--> statement-breakpoint
CREATE INDEX "delegation_sessions_conductor_idx" ON "delegation_sessions" USING btree ("conductor_id");--> statement-breakpoint
CREATE INDEX "delegation_tasks_companion_idx" ON "delegation_tasks" USING btree ("companion_id","status");