CREATE TABLE "qa_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" text NOT NULL,
	"call_id" text NOT NULL,
	"application_id" text,
	"advisor" text,
	"team" text,
	"customer" text,
	"product" text,
	"call_at" timestamp with time zone,
	"duration_s" real,
	"workflow_id" text NOT NULL,
	"workflow_name" text NOT NULL,
	"workflow_version" text NOT NULL,
	"run_finished_at" timestamp with time zone NOT NULL,
	"score" real,
	"max_score" real,
	"score_detail" jsonb,
	"verdicts" jsonb NOT NULL,
	"failed_rule_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"failed_mandatory" integer NOT NULL,
	"rules_passed" integer NOT NULL,
	"rules_failed" integer NOT NULL,
	"sentiment" jsonb,
	"vulnerable" boolean NOT NULL,
	"confused" boolean NOT NULL,
	"anxious" boolean NOT NULL,
	"transcript" jsonb NOT NULL,
	"provenance" jsonb NOT NULL,
	"latest" boolean DEFAULT true NOT NULL,
	"review_status" text DEFAULT 'unreviewed' NOT NULL,
	"overridden" boolean DEFAULT false NOT NULL,
	"human_score" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qa_results_review_status_check" CHECK ("qa_results"."review_status" in ('unreviewed', 'in_review', 'awaiting_second_signoff', 'signed_off'))
);
--> statement-breakpoint
CREATE TABLE "qa_review_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"qa_result_id" uuid NOT NULL,
	"user_id" uuid,
	"user_label" text NOT NULL,
	"role" text NOT NULL,
	"kind" text NOT NULL,
	"rule_id" text,
	"mandatory" boolean DEFAULT false NOT NULL,
	"decision" text,
	"ai_verdict" text,
	"human_verdict" text,
	"ai_score" real,
	"human_score" real,
	"skill" text,
	"reason" text,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qa_review_actions_kind_check" CHECK ("qa_review_actions"."kind" in ('rule', 'score', 'comment', 'sign_off'))
);
--> statement-breakpoint
CREATE TABLE "saved_qa_filters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"filter" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "qa_review_actions" ADD CONSTRAINT "qa_review_actions_qa_result_id_qa_results_id_fk" FOREIGN KEY ("qa_result_id") REFERENCES "public"."qa_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa_review_actions" ADD CONSTRAINT "qa_review_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_qa_filters" ADD CONSTRAINT "saved_qa_filters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "qa_results_run_call_unique" ON "qa_results" USING btree ("run_id","call_id");--> statement-breakpoint
CREATE INDEX "qa_results_queue_call_at_idx" ON "qa_results" USING btree ("latest","call_at","id");--> statement-breakpoint
CREATE INDEX "qa_results_queue_score_idx" ON "qa_results" USING btree ("latest","score","id");--> statement-breakpoint
CREATE INDEX "qa_results_call_idx" ON "qa_results" USING btree ("call_id");--> statement-breakpoint
CREATE INDEX "qa_results_advisor_idx" ON "qa_results" USING btree ("advisor","call_at");--> statement-breakpoint
CREATE INDEX "qa_results_status_idx" ON "qa_results" USING btree ("review_status","call_at");--> statement-breakpoint
CREATE INDEX "qa_results_failed_rules_idx" ON "qa_results" USING gin ("failed_rule_ids");--> statement-breakpoint
CREATE INDEX "qa_review_actions_result_idx" ON "qa_review_actions" USING btree ("qa_result_id","created_at");--> statement-breakpoint
CREATE INDEX "qa_review_actions_rule_idx" ON "qa_review_actions" USING btree ("rule_id","skill");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_qa_filters_user_name_unique" ON "saved_qa_filters" USING btree ("user_id","name");