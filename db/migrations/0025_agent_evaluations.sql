-- Issue 30: agent evaluations. A run of a dataset (evals/datasets/<name>.json) against a brain, and
-- each case's outcome: its expectations with pass/fail and what was seen (server/evals/).
CREATE TABLE "eval_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dataset" text NOT NULL,
	"dataset_digest" text NOT NULL,
	"world" text NOT NULL,
	"brain" text NOT NULL,
	"model" text,
	"status" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"score" real,
	"cases_total" integer NOT NULL,
	"cases_passed" integer DEFAULT 0 NOT NULL,
	"started_by" text NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "eval_case_results" (
	"run_id" uuid NOT NULL REFERENCES "eval_runs"("id") ON DELETE CASCADE,
	"case_id" text NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"role" text NOT NULL,
	"score" real NOT NULL,
	"passed" integer NOT NULL,
	"total" integer NOT NULL,
	"expectations" jsonb NOT NULL,
	"transcript" jsonb NOT NULL,
	"error" text,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "eval_runs_started_idx" ON "eval_runs" USING btree ("started_at");
--> statement-breakpoint
CREATE INDEX "eval_runs_dataset_idx" ON "eval_runs" USING btree ("dataset","started_at");
--> statement-breakpoint
CREATE INDEX "eval_case_results_run_idx" ON "eval_case_results" USING btree ("run_id","position");
