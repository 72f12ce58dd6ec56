-- Issue 31: the generic store of a QA result's analysis functions that have no column of their own
-- (lib/analysis/functions.ts `kept: 'analyses'`): their results by function, so a new analysis
-- function is kept without a column and a migration of its own. Existing rows hold none.
ALTER TABLE "qa_results" ADD COLUMN "analyses" jsonb DEFAULT '{}'::jsonb NOT NULL;
