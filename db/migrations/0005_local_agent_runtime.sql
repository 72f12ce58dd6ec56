CREATE TABLE "agent_blocks" (
	"agent_id" text NOT NULL,
	"block_id" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "agent_blocks_agent_id_block_id_pk" PRIMARY KEY("agent_id","block_id")
);
--> statement-breakpoint
CREATE TABLE "agent_messages" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_messages_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id" text NOT NULL,
	"agent_id" text NOT NULL,
	"step_id" text,
	"message_type" text NOT NULL,
	"event" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_messages_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "agent_tags" (
	"agent_id" text NOT NULL,
	"tag" text NOT NULL,
	CONSTRAINT "agent_tags_agent_id_tag_pk" PRIMARY KEY("agent_id","tag")
);
--> statement-breakpoint
CREATE TABLE "agent_tools" (
	"agent_id" text NOT NULL,
	"tool_name" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "agent_tools_agent_id_tool_name_pk" PRIMARY KEY("agent_id","tool_name")
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"template" text,
	"role" text NOT NULL,
	"agent_type" text NOT NULL,
	"system" text NOT NULL,
	"description" text,
	"tool_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sleeptime_agent_id" text,
	"sleeptime_frequency" integer,
	"parent_agent_id" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memory_blocks" (
	"id" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"value" text NOT NULL,
	"limit" integer NOT NULL,
	"description" text,
	"read_only" boolean DEFAULT false NOT NULL,
	"owner_agent_id" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_blocks" ADD CONSTRAINT "agent_blocks_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_blocks" ADD CONSTRAINT "agent_blocks_block_id_memory_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."memory_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_messages" ADD CONSTRAINT "agent_messages_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_tags" ADD CONSTRAINT "agent_tags_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_tools" ADD CONSTRAINT "agent_tools_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_blocks_block_idx" ON "agent_blocks" USING btree ("block_id");--> statement-breakpoint
CREATE INDEX "agent_messages_agent_seq_idx" ON "agent_messages" USING btree ("agent_id","seq");--> statement-breakpoint
CREATE INDEX "agent_tags_tag_idx" ON "agent_tags" USING btree ("tag");