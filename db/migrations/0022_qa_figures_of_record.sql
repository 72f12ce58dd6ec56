-- Issue 28: the figures of record. A reviewer's decisions give a call reviewed figures (server/qa/reviewed-figures.ts):
-- the verdicts with the overrides applied, their failed counts, and a reviewed score recomputed by the scoring skill
-- over them (or the score a reviewer set). The record_* columns are the figures every view reads: the reviewed one
-- where a review decided, the AI's otherwise; generated, so no writer can let them drift apart. The AI's columns
-- (score, verdicts, failed_*) are never rewritten.
ALTER TABLE "qa_results" ADD COLUMN "scoring_input" jsonb;--> statement-breakpoint
ALTER TABLE "qa_results" ADD COLUMN "reviewed_verdicts" jsonb;--> statement-breakpoint
ALTER TABLE "qa_results" ADD COLUMN "reviewed_failed_rule_ids" text[];--> statement-breakpoint
ALTER TABLE "qa_results" ADD COLUMN "reviewed_failed_mandatory" integer;--> statement-breakpoint
ALTER TABLE "qa_results" ADD COLUMN "reviewed_rules_passed" integer;--> statement-breakpoint
ALTER TABLE "qa_results" ADD COLUMN "reviewed_rules_failed" integer;--> statement-breakpoint
ALTER TABLE "qa_results" ADD COLUMN "reviewed_score" real;--> statement-breakpoint
ALTER TABLE "qa_results" ADD COLUMN "reviewed_score_detail" jsonb;--> statement-breakpoint
ALTER TABLE "qa_results" ADD COLUMN "reviewed_from_action_id" uuid;--> statement-breakpoint
ALTER TABLE "qa_results" ADD COLUMN "reviewed_stale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "qa_results" ADD COLUMN "record_score" real GENERATED ALWAYS AS (coalesce("reviewed_score", "score")) STORED;--> statement-breakpoint
ALTER TABLE "qa_results" ADD COLUMN "score_reviewed" boolean GENERATED ALWAYS AS ("reviewed_score" IS NOT NULL) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "qa_results" ADD COLUMN "record_failed_rule_ids" text[] GENERATED ALWAYS AS (coalesce("reviewed_failed_rule_ids", "failed_rule_ids")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "qa_results" ADD COLUMN "record_failed_mandatory" integer GENERATED ALWAYS AS (coalesce("reviewed_failed_mandatory", "failed_mandatory")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "qa_results" ADD COLUMN "record_rules_passed" integer GENERATED ALWAYS AS (coalesce("reviewed_rules_passed", "rules_passed")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "qa_results" ADD COLUMN "record_rules_failed" integer GENERATED ALWAYS AS (coalesce("reviewed_rules_failed", "rules_failed")) STORED NOT NULL;--> statement-breakpoint
-- Issue 28: test runs of unpublished workflow versions keep their QA results apart from the queue's and the dashboard's.
ALTER TABLE "qa_results" ADD COLUMN "test_run" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Issue 28: a signed record stays signed. An analysis that arrives after the call's record was signed off is kept
-- beside it (reanalysis_of names the signed record) and the record names it as pending until a reviewer adopts it or
-- keeps the signed one. carry_notes lists what unsigned work in progress was carried to a new analysis, and what not.
ALTER TABLE "qa_results" ADD COLUMN "reanalysis_of" uuid;--> statement-breakpoint
ALTER TABLE "qa_results" ADD COLUMN "pending_reanalysis_id" uuid;--> statement-breakpoint
ALTER TABLE "qa_results" ADD COLUMN "carry_notes" jsonb;--> statement-breakpoint
ALTER TABLE "qa_review_actions" ADD COLUMN "carried_from" uuid;--> statement-breakpoint
ALTER TABLE "qa_review_actions" ADD COLUMN "subject_qa_result_id" uuid;--> statement-breakpoint
ALTER TABLE "qa_review_actions" DROP CONSTRAINT "qa_review_actions_kind_check";--> statement-breakpoint
ALTER TABLE "qa_review_actions" ADD CONSTRAINT "qa_review_actions_kind_check" CHECK ("kind" in ('rule', 'score', 'comment', 'sign_off', 'reanalysis'));--> statement-breakpoint
DROP INDEX "qa_results_queue_score_idx";--> statement-breakpoint
DROP INDEX "qa_results_queue_score_desc_idx";--> statement-breakpoint
DROP INDEX "qa_results_failed_rules_idx";--> statement-breakpoint
CREATE INDEX "qa_results_queue_score_idx" ON "qa_results" USING btree ("latest","record_score","id");--> statement-breakpoint
CREATE INDEX "qa_results_queue_score_desc_idx" ON "qa_results" USING btree ("latest","record_score" DESC NULLS LAST,"id" DESC);--> statement-breakpoint
CREATE INDEX "qa_results_failed_rules_idx" ON "qa_results" USING gin ("record_failed_rule_ids");--> statement-breakpoint
CREATE INDEX "qa_results_pending_reanalysis_idx" ON "qa_results" USING btree ("pending_reanalysis_id") WHERE "pending_reanalysis_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "qa_results_reviewed_stale_idx" ON "qa_results" USING btree ("id") WHERE "reviewed_stale";--> statement-breakpoint
-- The rollups count the figures of record and leave test runs out (the function of migration 0016, three reads changed).
CREATE OR REPLACE FUNCTION "qa_daily_rollups_statement"("changed" text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
SELECT format($q$
WITH "c" AS (
	SELECT r."sign", (r."call_at" AT TIME ZONE 'Europe/London')::date AS "day", r."advisor", r."team", r."product",
		r."record_score"::numeric AS "score", r."record_failed_mandatory" > 0 AS "failed_mandatory", r."record_rules_failed" > 0 AS "fails",
		r."vulnerable", r."confused", r."anxious", (r."vulnerable" OR r."confused" OR r."anxious") AS "flagged",
		r."review_status", CASE jsonb_typeof(coalesce(r."reviewed_verdicts", r."verdicts")) WHEN 'array' THEN coalesce(r."reviewed_verdicts", r."verdicts") ELSE '[]'::jsonb END AS "verdicts"
	FROM (%s) r
	WHERE r."latest" AND NOT r."test_run" AND r."call_at" IS NOT NULL
), "calls" AS (
	INSERT INTO "qa_daily_calls" AS t ("day", "advisor", "team", "product", "calls", "scored", "score_sum", "failed_mandatory", "fails",
		"vulnerable", "confused", "anxious", "flagged", "flagged_scored", "flagged_score_sum", "vulnerable_scored", "vulnerable_score_sum",
		"vulnerable_failed_mandatory", "vulnerable_fails", "unreviewed", "in_review", "awaiting_second_signoff", "signed_off")
	SELECT "day", "advisor", "team", "product", sum("sign"),
		sum(CASE WHEN "score" IS NOT NULL THEN "sign" ELSE 0 END), coalesce(sum("sign" * "score"), 0),
		sum(CASE WHEN "failed_mandatory" THEN "sign" ELSE 0 END), sum(CASE WHEN "fails" THEN "sign" ELSE 0 END),
		sum(CASE WHEN "vulnerable" THEN "sign" ELSE 0 END), sum(CASE WHEN "confused" THEN "sign" ELSE 0 END),
		sum(CASE WHEN "anxious" THEN "sign" ELSE 0 END), sum(CASE WHEN "flagged" THEN "sign" ELSE 0 END),
		sum(CASE WHEN "flagged" AND "score" IS NOT NULL THEN "sign" ELSE 0 END), coalesce(sum("sign" * "score") FILTER (WHERE "flagged"), 0),
		sum(CASE WHEN "vulnerable" AND "score" IS NOT NULL THEN "sign" ELSE 0 END), coalesce(sum("sign" * "score") FILTER (WHERE "vulnerable"), 0),
		sum(CASE WHEN "vulnerable" AND "failed_mandatory" THEN "sign" ELSE 0 END), sum(CASE WHEN "vulnerable" AND "fails" THEN "sign" ELSE 0 END),
		sum(CASE WHEN "review_status" = 'unreviewed' THEN "sign" ELSE 0 END), sum(CASE WHEN "review_status" = 'in_review' THEN "sign" ELSE 0 END),
		sum(CASE WHEN "review_status" = 'awaiting_second_signoff' THEN "sign" ELSE 0 END),
		sum(CASE WHEN "review_status" = 'signed_off' THEN "sign" ELSE 0 END)
	FROM "c" GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
	ON CONFLICT ON CONSTRAINT "qa_daily_calls_key" DO UPDATE SET
		"calls" = t."calls" + excluded."calls", "scored" = t."scored" + excluded."scored", "score_sum" = t."score_sum" + excluded."score_sum",
		"failed_mandatory" = t."failed_mandatory" + excluded."failed_mandatory", "fails" = t."fails" + excluded."fails",
		"vulnerable" = t."vulnerable" + excluded."vulnerable", "confused" = t."confused" + excluded."confused",
		"anxious" = t."anxious" + excluded."anxious", "flagged" = t."flagged" + excluded."flagged",
		"flagged_scored" = t."flagged_scored" + excluded."flagged_scored", "flagged_score_sum" = t."flagged_score_sum" + excluded."flagged_score_sum",
		"vulnerable_scored" = t."vulnerable_scored" + excluded."vulnerable_scored",
		"vulnerable_score_sum" = t."vulnerable_score_sum" + excluded."vulnerable_score_sum",
		"vulnerable_failed_mandatory" = t."vulnerable_failed_mandatory" + excluded."vulnerable_failed_mandatory",
		"vulnerable_fails" = t."vulnerable_fails" + excluded."vulnerable_fails", "unreviewed" = t."unreviewed" + excluded."unreviewed",
		"in_review" = t."in_review" + excluded."in_review", "awaiting_second_signoff" = t."awaiting_second_signoff" + excluded."awaiting_second_signoff",
		"signed_off" = t."signed_off" + excluded."signed_off"
), "rules" AS (
	SELECT c."sign", c."day", c."advisor", c."team", c."product", v."rule_id", v."mandatory", v."title", v."failed"
	FROM "c" CROSS JOIN LATERAL (
		SELECT coalesce(e->>'rule_id', '?') AS "rule_id", coalesce(bool_or(e->'mandatory' = 'true'::jsonb), false) AS "mandatory",
			coalesce(max(e->>'rule'), '') AS "title", coalesce(bool_or(e->>'verdict' = 'fail'), false) AS "failed"
		FROM jsonb_array_elements(c."verdicts") e
		WHERE e->>'verdict' IN ('pass', 'fail')
		GROUP BY 1) v
), "advisor_rules" AS (
	INSERT INTO "qa_daily_rules" AS t ("day", "advisor", "team", "product", "rule_id", "mandatory", "title", "applied", "failed")
	SELECT "day", "advisor", "team", "product", "rule_id", "mandatory", "title", sum("sign"), sum(CASE WHEN "failed" THEN "sign" ELSE 0 END)
	FROM "rules" GROUP BY 1, 2, 3, 4, 5, 6, 7
	HAVING sum("sign") <> 0 OR sum(CASE WHEN "failed" THEN "sign" ELSE 0 END) <> 0
	ORDER BY 1, 2, 3, 4, 5, 6, 7
	ON CONFLICT ON CONSTRAINT "qa_daily_rules_key" DO UPDATE SET "applied" = t."applied" + excluded."applied", "failed" = t."failed" + excluded."failed"
)
INSERT INTO "qa_daily_team_rules" AS t ("day", "team", "product", "rule_id", "mandatory", "title", "applied", "failed")
SELECT "day", "team", "product", "rule_id", "mandatory", "title", sum("sign"), sum(CASE WHEN "failed" THEN "sign" ELSE 0 END)
FROM "rules" GROUP BY 1, 2, 3, 4, 5, 6
HAVING sum("sign") <> 0 OR sum(CASE WHEN "failed" THEN "sign" ELSE 0 END) <> 0
ORDER BY 1, 2, 3, 4, 5, 6
ON CONFLICT ON CONSTRAINT "qa_daily_team_rules_key" DO UPDATE SET "applied" = t."applied" + excluded."applied", "failed" = t."failed" + excluded."failed"
$q$, "changed")
$fn$;
--> statement-breakpoint
DELETE FROM "qa_daily_calls";--> statement-breakpoint
DELETE FROM "qa_daily_rules";--> statement-breakpoint
DELETE FROM "qa_daily_team_rules";--> statement-breakpoint
DO $$ BEGIN EXECUTE qa_daily_rollups_statement('SELECT 1 AS "sign", * FROM "qa_results"'); END $$;
