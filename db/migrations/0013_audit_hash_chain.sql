-- Tamper-evident audit log (server/audit/README.md): each entry written from now on stores the
-- hash of its content and of the entry before it. Existing rows keep null hashes: they come
-- before the chain began. The unique index lets an entry have only one successor.
ALTER TABLE "audit_log" ADD COLUMN "content" jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_prev_hash_key" ON "audit_log" USING btree ("prev_hash");