-- Issue 29: token lineage. A token records the token whose caller minted it (spawn_agent over MCP),
-- the root token of its lineage (itself when no token minted it) and who minted it (the audit
-- writer: an agent id, `user:<id>` or `system:<id>`; null for tokens made in Settings before this).
-- Revoking a token revokes its descendants; authentication also refuses a token with a revoked
-- ancestor (server/auth/token-lineage.ts).
ALTER TABLE "api_tokens" ADD COLUMN "minted_by" uuid REFERENCES "api_tokens"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "root_token_id" uuid REFERENCES "api_tokens"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "minted_by_actor" text;
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "spawned" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Existing tokens: each is the root of its own lineage; spawn_agent's tokens are named "spawn_agent: <agent>".
UPDATE "api_tokens" SET "root_token_id" = "id", "spawned" = ("name" LIKE 'spawn_agent: %');
--> statement-breakpoint
CREATE INDEX "api_tokens_root_idx" ON "api_tokens" USING btree ("root_token_id");
--> statement-breakpoint
CREATE INDEX "api_tokens_minted_by_idx" ON "api_tokens" USING btree ("minted_by");
