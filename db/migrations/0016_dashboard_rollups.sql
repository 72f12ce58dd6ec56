CREATE TABLE "qa_daily_calls" (
	"day" date NOT NULL,
	"advisor" text,
	"team" text,
	"product" text,
	"calls" integer DEFAULT 0 NOT NULL,
	"scored" integer DEFAULT 0 NOT NULL,
	"score_sum" numeric DEFAULT '0' NOT NULL,
	"failed_mandatory" integer DEFAULT 0 NOT NULL,
	"fails" integer DEFAULT 0 NOT NULL,
	"vulnerable" integer DEFAULT 0 NOT NULL,
	"confused" integer DEFAULT 0 NOT NULL,
	"anxious" integer DEFAULT 0 NOT NULL,
	"flagged" integer DEFAULT 0 NOT NULL,
	"flagged_scored" integer DEFAULT 0 NOT NULL,
	"flagged_score_sum" numeric DEFAULT '0' NOT NULL,
	"vulnerable_scored" integer DEFAULT 0 NOT NULL,
	"vulnerable_score_sum" numeric DEFAULT '0' NOT NULL,
	"vulnerable_failed_mandatory" integer DEFAULT 0 NOT NULL,
	"vulnerable_fails" integer DEFAULT 0 NOT NULL,
	"unreviewed" integer DEFAULT 0 NOT NULL,
	"in_review" integer DEFAULT 0 NOT NULL,
	"awaiting_second_signoff" integer DEFAULT 0 NOT NULL,
	"signed_off" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "qa_daily_calls_key" UNIQUE NULLS NOT DISTINCT("day","advisor","team","product")
);
--> statement-breakpoint
CREATE TABLE "qa_daily_rules" (
	"day" date NOT NULL,
	"advisor" text,
	"team" text,
	"product" text,
	"rule_id" text NOT NULL,
	"mandatory" boolean NOT NULL,
	"title" text NOT NULL,
	"applied" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "qa_daily_rules_key" UNIQUE NULLS NOT DISTINCT("day","advisor","team","product","rule_id","mandatory","title")
);
--> statement-breakpoint
CREATE TABLE "qa_daily_team_rules" (
	"day" date NOT NULL,
	"team" text,
	"product" text,
	"rule_id" text NOT NULL,
	"mandatory" boolean NOT NULL,
	"title" text NOT NULL,
	"applied" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "qa_daily_team_rules_key" UNIQUE NULLS NOT DISTINCT("day","team","product","rule_id","mandatory","title")
);
--> statement-breakpoint
CREATE INDEX "qa_daily_calls_advisor_idx" ON "qa_daily_calls" USING btree (lower("advisor"),"day");--> statement-breakpoint
CREATE INDEX "qa_daily_rules_advisor_idx" ON "qa_daily_rules" USING btree (lower("advisor"),"day");
--> statement-breakpoint
-- Hand-written: the rollups of server/db/schema/qa-rollups.ts are kept by the database, exact in every
-- transaction whoever writes qa_results. qa_daily_rollups_statement(changed) is the one statement that adds
-- the contribution of some qa_results rows (the query `changed`, every column plus `sign`: +1 to add them,
-- -1 to take them away) to the three rollups. Statement triggers run it on the rows each INSERT, UPDATE or
-- DELETE changed (their transition tables: an update takes the old row away and adds the new one), and this
-- migration runs it once on the rows already stored. Only the newest analysis of a call with a call date
-- counts; the day is the call's Europe/London day. Per (call, rule) the rule applied to (pass or fail), as
-- summarise_qa_results counts rules (server/qa/summary.ts): failed when any of its verdicts failed, mandatory
-- when any says so, the greatest text as its title; a verdict without a rule id counts as rule "?", as the
-- projection names it. Nothing here can refuse a write: flags are compared, never cast.
CREATE FUNCTION "qa_daily_rollups_statement"("changed" text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
SELECT format($q$
WITH "c" AS (
	SELECT r."sign", (r."call_at" AT TIME ZONE 'Europe/London')::date AS "day", r."advisor", r."team", r."product",
		r."score"::numeric AS "score", r."failed_mandatory" > 0 AS "failed_mandatory", r."rules_failed" > 0 AS "fails",
		r."vulnerable", r."confused", r."anxious", (r."vulnerable" OR r."confused" OR r."anxious") AS "flagged",
		r."review_status", CASE jsonb_typeof(r."verdicts") WHEN 'array' THEN r."verdicts" ELSE '[]'::jsonb END AS "verdicts"
	FROM (%s) r
	WHERE r."latest" AND r."call_at" IS NOT NULL
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
CREATE FUNCTION "qa_daily_rollups_trigger"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
	EXECUTE qa_daily_rollups_statement(CASE TG_OP
		WHEN 'INSERT' THEN 'SELECT 1 AS "sign", * FROM "qa_results_new"'
		WHEN 'DELETE' THEN 'SELECT -1 AS "sign", * FROM "qa_results_old"'
		ELSE 'SELECT 1 AS "sign", * FROM "qa_results_new" UNION ALL SELECT -1, * FROM "qa_results_old"' END);
	RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER "qa_results_rollups_insert" AFTER INSERT ON "qa_results" REFERENCING NEW TABLE AS "qa_results_new"
	FOR EACH STATEMENT EXECUTE FUNCTION "qa_daily_rollups_trigger"();--> statement-breakpoint
CREATE TRIGGER "qa_results_rollups_update" AFTER UPDATE ON "qa_results" REFERENCING OLD TABLE AS "qa_results_old" NEW TABLE AS "qa_results_new"
	FOR EACH STATEMENT EXECUTE FUNCTION "qa_daily_rollups_trigger"();--> statement-breakpoint
CREATE TRIGGER "qa_results_rollups_delete" AFTER DELETE ON "qa_results" REFERENCING OLD TABLE AS "qa_results_old"
	FOR EACH STATEMENT EXECUTE FUNCTION "qa_daily_rollups_trigger"();--> statement-breakpoint
CREATE FUNCTION "qa_daily_rollups_truncate"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
	TRUNCATE "qa_daily_calls", "qa_daily_rules", "qa_daily_team_rules";
	RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER "qa_results_rollups_truncate" AFTER TRUNCATE ON "qa_results" FOR EACH STATEMENT EXECUTE FUNCTION "qa_daily_rollups_truncate"();
--> statement-breakpoint
DO $$ BEGIN EXECUTE qa_daily_rollups_statement('SELECT 1 AS "sign", * FROM "qa_results"'); END $$;
