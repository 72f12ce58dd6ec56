-- Issue 30: an evaluation run's heartbeat. The process running a run touches it while it works, so a
-- run whose process stopped (a console restart, a killed `dcf eval`) is found and marked `abandoned`
-- instead of staying `running` for ever (server/evals/liveness.ts).
ALTER TABLE "eval_runs" ADD COLUMN "heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
CREATE INDEX "eval_runs_status_idx" ON "eval_runs" USING btree ("status","dataset");
