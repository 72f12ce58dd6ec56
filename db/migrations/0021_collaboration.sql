CREATE TABLE "collaboration_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subtask_ref" text NOT NULL,
	"description" text NOT NULL,
	"required_capabilities" jsonb NOT NULL,
	"assigned_agent_id" text,
	"matched_capabilities" jsonb NOT NULL,
	"reliability" double precision,
	"reason" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collaboration_decompositions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task" text NOT NULL,
	"method" text NOT NULL,
	"subtasks" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collaboration_evaluations" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text,
	"evaluator_id" text NOT NULL,
	"contributor_id" text NOT NULL,
	"contribution_ref" text NOT NULL,
	"subtask_id" text,
	"clarity" double precision,
	"relevance" double precision,
	"completeness" double precision,
	"actionability" double precision,
	"comments" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collaboration_evaluations_ratings_check" CHECK (coalesce("collaboration_evaluations"."clarity", 3) between 1 and 5 and
      coalesce("collaboration_evaluations"."relevance", 3) between 1 and 5 and coalesce("collaboration_evaluations"."completeness", 3) between 1 and 5 and
      coalesce("collaboration_evaluations"."actionability", 3) between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "collaboration_external_agents" (
	"id" text PRIMARY KEY NOT NULL,
	"agent_type" text NOT NULL,
	"role" text NOT NULL,
	"capabilities" jsonb NOT NULL,
	"system_prompt" text NOT NULL,
	"token_id" uuid NOT NULL,
	"requested_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collaboration_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text,
	"thread_id" text,
	"kind" text NOT NULL,
	"sender_id" text NOT NULL,
	"recipient_ids" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"delivery" jsonb NOT NULL,
	"related_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collaboration_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"coordinator_id" text NOT NULL,
	"participant_ids" jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"main_thread_id" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collaboration_sessions_status_check" CHECK ("collaboration_sessions"."status" in ('active', 'completed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "collaboration_subtasks" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text,
	"parent_task_id" text,
	"coordinator_id" text NOT NULL,
	"assignee_id" text NOT NULL,
	"description" text NOT NULL,
	"required_capabilities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deadline" timestamp with time zone,
	"contextual_data" jsonb,
	"status" text NOT NULL,
	"message_id" text,
	"delegated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"result_content" text,
	"failure_reason" text,
	CONSTRAINT "collaboration_subtasks_status_check" CHECK ("collaboration_subtasks"."status" in ('delegated', 'in_progress', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "collaboration_threads" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collaboration_evaluations" ADD CONSTRAINT "collaboration_evaluations_session_id_collaboration_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."collaboration_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaboration_messages" ADD CONSTRAINT "collaboration_messages_session_id_collaboration_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."collaboration_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaboration_messages" ADD CONSTRAINT "collaboration_messages_thread_id_collaboration_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."collaboration_threads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaboration_subtasks" ADD CONSTRAINT "collaboration_subtasks_session_id_collaboration_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."collaboration_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaboration_threads" ADD CONSTRAINT "collaboration_threads_session_id_collaboration_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."collaboration_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collaboration_assignments_subtask_idx" ON "collaboration_assignments" USING btree ("subtask_ref","created_at");--> statement-breakpoint
CREATE INDEX "collaboration_evaluations_contributor_idx" ON "collaboration_evaluations" USING btree ("contributor_id","created_at");--> statement-breakpoint
CREATE INDEX "collaboration_messages_session_idx" ON "collaboration_messages" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "collaboration_messages_thread_idx" ON "collaboration_messages" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE INDEX "collaboration_messages_sender_idx" ON "collaboration_messages" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "collaboration_sessions_coordinator_idx" ON "collaboration_sessions" USING btree ("coordinator_id","created_at");--> statement-breakpoint
CREATE INDEX "collaboration_subtasks_assignee_idx" ON "collaboration_subtasks" USING btree ("assignee_id","status");--> statement-breakpoint
CREATE INDEX "collaboration_subtasks_session_idx" ON "collaboration_subtasks" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "collaboration_threads_session_idx" ON "collaboration_threads" USING btree ("session_id");