-- pgvector, where this PostgreSQL has it (PGlite loads it in server/db/client.ts): search_embeddings
-- then ranks by `embedding::vector <=> query`; without it the same table is ranked in process.
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
    CREATE EXTENSION IF NOT EXISTS vector;
  END IF;
END $$;--> statement-breakpoint
CREATE TABLE "embeddings" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"model" text NOT NULL,
	"content_hash" text NOT NULL,
	"dimensions" integer NOT NULL,
	"embedding" real[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "embeddings_kind_key_model_pk" PRIMARY KEY("kind","key","model")
);
