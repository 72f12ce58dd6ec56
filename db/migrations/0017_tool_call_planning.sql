CREATE TABLE "sentinel_findings" (
	"id" text PRIMARY KEY NOT NULL,
	"plan_id" uuid NOT NULL,
	"agent_id" text NOT NULL,
	"type" text NOT NULL,
	"when" text NOT NULL,
	"key" text NOT NULL,
	"message" text NOT NULL,
	"detail" jsonb NOT NULL,
	"evidence" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tool_call_plans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agent_id" text NOT NULL,
	"goal" text NOT NULL,
	"constraints" jsonb NOT NULL,
	"policy" jsonb NOT NULL,
	"planned_sequence" jsonb NOT NULL,
	"execution_state" text NOT NULL,
	"unit_kind" text NOT NULL,
	"unit_id" text NOT NULL,
	"unit_session_id" text,
	"unit_state" text,
	"mode" text NOT NULL,
	"declared_by" text NOT NULL,
	"replaces" uuid,
	"replan_reason" text,
	"replaced_by" uuid,
	"deviations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"given_skills" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_id" text,
	"workflow_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "tool_call_plans_state_check" CHECK ("tool_call_plans"."execution_state" in ('Planned', 'InProgress', 'Complete', 'Failed', 'Replaced')),
	CONSTRAINT "tool_call_plans_mode_check" CHECK ("tool_call_plans"."mode" in ('report', 'enforce'))
);
--> statement-breakpoint
CREATE TABLE "tool_call_records" (
	"id" text PRIMARY KEY NOT NULL,
	"plan_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"tool_name" text NOT NULL,
	"args_digest" text NOT NULL,
	"skill" text,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"latency_ms" double precision,
	"status" text NOT NULL,
	"error_code" text,
	"cost_units" double precision NOT NULL,
	"cost_source" text NOT NULL,
	"intent_index" integer,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sentinel_findings" ADD CONSTRAINT "sentinel_findings_plan_id_tool_call_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."tool_call_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_call_records" ADD CONSTRAINT "tool_call_records_plan_id_tool_call_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."tool_call_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sentinel_findings_key_idx" ON "sentinel_findings" USING btree ("plan_id","key");--> statement-breakpoint
CREATE INDEX "sentinel_findings_type_idx" ON "sentinel_findings" USING btree ("type","at");--> statement-breakpoint
CREATE INDEX "sentinel_findings_at_idx" ON "sentinel_findings" USING btree ("at");--> statement-breakpoint
CREATE INDEX "sentinel_findings_agent_idx" ON "sentinel_findings" USING btree ("agent_id","at");--> statement-breakpoint
CREATE INDEX "tool_call_plans_agent_idx" ON "tool_call_plans" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "tool_call_plans_unit_idx" ON "tool_call_plans" USING btree ("unit_kind","unit_id");--> statement-breakpoint
CREATE INDEX "tool_call_plans_session_idx" ON "tool_call_plans" USING btree ("unit_session_id");--> statement-breakpoint
CREATE INDEX "tool_call_plans_created_idx" ON "tool_call_plans" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tool_call_records_plan_seq_idx" ON "tool_call_records" USING btree ("plan_id","seq");--> statement-breakpoint
CREATE INDEX "tool_call_records_started_idx" ON "tool_call_records" USING btree ("started_at");