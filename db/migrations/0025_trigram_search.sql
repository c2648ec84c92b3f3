-- The dashboard's search served by a trigram index (issue 32). pg_trgm is a trusted extension on PostgreSQL
-- (13 and later: the database's owner may create it); the embedded database loads it (db/embedded-worker.mjs).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "households_list_owner2_alone_idx" ON "households" USING btree ("list_owner2_advisor_id") WHERE list_owner2_advisor_id is distinct from list_owner1_advisor_id;--> statement-breakpoint
CREATE INDEX "households_search_owner1_idx" ON "households" USING gin ((coalesce(list_owner1_text, '') || E'\n' || coalesce(list_owner2_names, '') || E'\n' || coalesce(list_owner1_phone, '')) gin_trgm_ops);
