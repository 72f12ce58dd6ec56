CREATE TABLE "background_job_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"tick" text NOT NULL,
	"fired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_task_id" uuid,
	"outcome" text NOT NULL,
	"error" text,
	CONSTRAINT "background_job_runs_outcome_check" CHECK ("background_job_runs"."outcome" in ('DISPATCHED', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "background_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_name" text NOT NULL,
	"job_type_identifier" text NOT NULL,
	"cron_expression" text,
	"timezone" text,
	"interval_seconds" integer,
	"target_agent_id" text NOT NULL,
	"task_type" text NOT NULL,
	"task_payload" jsonb NOT NULL,
	"enabled" boolean NOT NULL,
	"created_by_kind" text NOT NULL,
	"created_by_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "background_jobs_one_schedule_check" CHECK (("background_jobs"."cron_expression" is null) <> ("background_jobs"."interval_seconds" is null)),
	CONSTRAINT "background_jobs_interval_check" CHECK ("background_jobs"."interval_seconds" is null or "background_jobs"."interval_seconds" >= 1)
);
--> statement-breakpoint
CREATE TABLE "dispatched_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target_agent_id" text NOT NULL,
	"dispatcher_kind" text NOT NULL,
	"dispatcher_id" text NOT NULL,
	"task_type" text NOT NULL,
	"task_payload" jsonb NOT NULL,
	"reply_expected" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'QUEUED_FOR_DELIVERY' NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"reply_text" text,
	"reply_at" timestamp with time zone,
	"reply_routed_to" text,
	"background_job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispatched_tasks_status_check" CHECK ("dispatched_tasks"."status" in ('QUEUED_FOR_DELIVERY', 'DELIVERY_ACKNOWLEDGED'))
);
--> statement-breakpoint
ALTER TABLE "background_job_runs" ADD CONSTRAINT "background_job_runs_job_id_background_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."background_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "background_job_runs_tick_idx" ON "background_job_runs" USING btree ("job_id","tick");--> statement-breakpoint
CREATE INDEX "background_job_runs_job_idx" ON "background_job_runs" USING btree ("job_id","fired_at");--> statement-breakpoint
CREATE UNIQUE INDEX "background_jobs_name_idx" ON "background_jobs" USING btree ("job_name");--> statement-breakpoint
CREATE INDEX "dispatched_tasks_open_idx" ON "dispatched_tasks" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "dispatched_tasks_job_idx" ON "dispatched_tasks" USING btree ("background_job_id","created_at");