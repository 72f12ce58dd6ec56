-- Issue 34: calibration sessions. A lead picks a sample of calls and the rule set in force, reviewers answer
-- every rule of every call blind (a submitted answer changes only as a new version with its reason), and
-- the lead's notes attach to the rules (server/calibration/).
CREATE TABLE "calibration_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"sample" jsonb NOT NULL,
	"rule_set_id" text,
	"rules" jsonb NOT NULL,
	"due_date" date NOT NULL,
	"created_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"created_by_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by_label" text,
	"closed_how" text,
	CONSTRAINT "calibration_sessions_status_check" CHECK ("status" in ('open', 'closed'))
);
--> statement-breakpoint
CREATE INDEX "calibration_sessions_created_idx" ON "calibration_sessions" USING btree ("created_at");
--> statement-breakpoint
CREATE TABLE "calibration_calls" (
	"session_id" uuid NOT NULL REFERENCES "calibration_sessions"("id") ON DELETE CASCADE,
	"position" integer NOT NULL,
	"qa_result_id" uuid NOT NULL REFERENCES "qa_results"("id"),
	"call_id" text NOT NULL,
	CONSTRAINT "calibration_calls_session_id_position_pk" PRIMARY KEY("session_id","position")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "calibration_calls_result_unique" ON "calibration_calls" USING btree ("session_id","qa_result_id");
--> statement-breakpoint
CREATE TABLE "calibration_reviewers" (
	"session_id" uuid NOT NULL REFERENCES "calibration_sessions"("id") ON DELETE CASCADE,
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"user_label" text NOT NULL,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "calibration_reviewers_session_id_user_id_pk" PRIMARY KEY("session_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "calibration_reviewers_user_idx" ON "calibration_reviewers" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "calibration_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL REFERENCES "calibration_sessions"("id") ON DELETE CASCADE,
	"reviewer_id" uuid NOT NULL REFERENCES "users"("id"),
	"qa_result_id" uuid NOT NULL REFERENCES "qa_results"("id"),
	"rule_id" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"answer" text NOT NULL,
	"reason" text,
	"amendment_reason" text,
	"author_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calibration_answers_answer_check" CHECK ("answer" in ('pass', 'fail', 'not_applicable'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "calibration_answers_version_unique" ON "calibration_answers" USING btree ("session_id","reviewer_id","qa_result_id","rule_id","version");
--> statement-breakpoint
CREATE TABLE "calibration_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL REFERENCES "calibration_sessions"("id") ON DELETE CASCADE,
	"rule_id" text NOT NULL,
	"note" text NOT NULL,
	"author_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"author_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "calibration_notes_rule_idx" ON "calibration_notes" USING btree ("rule_id","created_at");
