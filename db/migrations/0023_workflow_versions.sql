-- Issue 28: workflow versions get a lifecycle (draft → published → retired). At most one
-- published version per workflow (the alias "in use"); every version records when and by whom
-- it was saved, published and retired ("by": the audit actor's id, with its label for people).
ALTER TABLE "workflow_documents" ADD COLUMN "status" text DEFAULT 'draft' NOT NULL;
--> statement-breakpoint
ALTER TABLE "workflow_documents" ADD COLUMN "saved_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "workflow_documents" ADD COLUMN "saved_by" text DEFAULT 'system' NOT NULL;
--> statement-breakpoint
ALTER TABLE "workflow_documents" ADD COLUMN "saved_by_label" text DEFAULT 'system' NOT NULL;
--> statement-breakpoint
ALTER TABLE "workflow_documents" ADD COLUMN "saved_for_user" text;
--> statement-breakpoint
ALTER TABLE "workflow_documents" ADD COLUMN "published_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "workflow_documents" ADD COLUMN "published_by" text;
--> statement-breakpoint
ALTER TABLE "workflow_documents" ADD COLUMN "published_by_label" text;
--> statement-breakpoint
ALTER TABLE "workflow_documents" ADD COLUMN "retired_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "workflow_documents" ADD COLUMN "retired_by" text;
--> statement-breakpoint
ALTER TABLE "workflow_documents" ADD COLUMN "retired_by_label" text;
--> statement-breakpoint
ALTER TABLE "workflow_documents" ADD COLUMN "superseded_by" text;
--> statement-breakpoint
ALTER TABLE "workflow_documents" ADD CONSTRAINT "workflow_documents_status_check"
  CHECK ("workflow_documents"."status" in ('draft', 'published', 'retired'));
--> statement-breakpoint
-- Existing versions: saved when the row was written (created_at is all they have), by their author or the system.
UPDATE "workflow_documents" SET "saved_at" = "created_at", "saved_by" = coalesce("author", 'system'),
  "saved_by_label" = coalesce("author", 'system');
--> statement-breakpoint
-- The newest version of each workflow (by semantic version; a release above its pre-releases) is the one in use:
-- published by the system at migration; every older version is retired, superseded by it.
WITH ranked AS (
  SELECT "workflow_id", "version", row_number() OVER (
    PARTITION BY "workflow_id"
    ORDER BY ("version" ~ '^\d+\.\d+\.\d+') DESC,
             coalesce(substring("version" from '^(\d+)\.')::numeric, -1) DESC,
             coalesce(substring("version" from '^\d+\.(\d+)\.')::numeric, -1) DESC,
             coalesce(substring("version" from '^\d+\.\d+\.(\d+)')::numeric, -1) DESC,
             ("version" !~ '-') DESC, "version" DESC
  ) AS n
  FROM "workflow_documents"
), newest AS (SELECT "workflow_id", "version" FROM ranked WHERE n = 1)
UPDATE "workflow_documents" d SET
  "status" = CASE WHEN d."version" = newest."version" THEN 'published' ELSE 'retired' END,
  "published_at" = CASE WHEN d."version" = newest."version" THEN now() ELSE NULL END,
  "published_by" = CASE WHEN d."version" = newest."version" THEN 'migration-0023' ELSE NULL END,
  "published_by_label" = CASE WHEN d."version" = newest."version" THEN 'system (migration 0023)' ELSE NULL END,
  "retired_at" = CASE WHEN d."version" = newest."version" THEN NULL ELSE now() END,
  "retired_by" = CASE WHEN d."version" = newest."version" THEN NULL ELSE 'migration-0023' END,
  "retired_by_label" = CASE WHEN d."version" = newest."version" THEN NULL ELSE 'system (migration 0023)' END,
  "superseded_by" = CASE WHEN d."version" = newest."version" THEN NULL ELSE newest."version" END
FROM newest WHERE d."workflow_id" = newest."workflow_id";
--> statement-breakpoint
-- At most one published version per workflow, enforced by the database.
CREATE UNIQUE INDEX "workflow_documents_one_published_idx" ON "workflow_documents" USING btree ("workflow_id")
  WHERE "workflow_documents"."status" = 'published';
