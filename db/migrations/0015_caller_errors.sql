ALTER TABLE "graph_skill_uses" DROP CONSTRAINT "graph_skill_uses_outcome_check";--> statement-breakpoint
ALTER TABLE "graph_skills" ADD COLUMN "n_caller_errors" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "graph_skill_uses" ADD CONSTRAINT "graph_skill_uses_outcome_check" CHECK ("graph_skill_uses"."outcome" in ('success', 'failure', 'caller_error'));--> statement-breakpoint
-- Hand-written: the failures recorded before caller errors were told apart whose error is the caller's
-- become `caller_error` uses, and their skills' n_failures move to n_caller_errors. The rules are
-- lib/failure-cause.ts's (failureCauseOfText): the error name is the first ": "-separated part of the
-- error that is an identifier (dotted allowed); caller = InvalidArguments, InvalidInput, InvalidParams,
-- ValidationError, any …NotFound but SkillToolNotFound, or a cause that is an MCP server's -32602 input
-- refusal. Only `failure` rows change, so a second pass changes nothing.
-- server/graph/caller-error-migration.int.test.ts checks this against the TypeScript rules.
WITH "parsed" AS (
	SELECT u."run_id", u."seq", n."name", array_to_string(p."parts"[n."i" + 1:], ': ') AS "cause"
	FROM "graph_skill_uses" u
	CROSS JOIN LATERAL (SELECT regexp_split_to_array(u."error", ': ') AS "parts") p
	CROSS JOIN LATERAL (
		SELECT t."part" AS "name", t."i"::int AS "i"
		FROM unnest(p."parts") WITH ORDINALITY AS t("part", "i")
		WHERE t."part" ~ '^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$'
		ORDER BY t."i"
		LIMIT 1
	) n
	WHERE u."outcome" = 'failure' AND u."error" IS NOT NULL
), "caller" AS (
	SELECT "run_id", "seq" FROM "parsed"
	WHERE "name" IN ('InvalidArguments', 'InvalidInput', 'InvalidParams', 'ValidationError')
		OR ("name" LIKE '%NotFound' AND "name" <> 'SkillToolNotFound')
		OR "cause" ~ '^(invalid input: )?MCP error -32602: (Input validation error|Invalid arguments for tool)'
), "corrected" AS (
	UPDATE "graph_skill_uses" u SET "outcome" = 'caller_error'
	FROM "caller" c
	WHERE u."run_id" = c."run_id" AND u."seq" = c."seq" AND u."outcome" = 'failure'
	RETURNING u."skill"
)
UPDATE "graph_skills" s SET "n_failures" = s."n_failures" - k."n", "n_caller_errors" = s."n_caller_errors" + k."n"
FROM (SELECT "skill", count(*)::int AS "n" FROM "corrected" GROUP BY "skill") k
WHERE s."uri" = k."skill";
