-- The dashboard's search served by a trigram index (issue 32). pg_trgm is a trusted extension on PostgreSQL
-- (13 and later: the database's owner may create it); the embedded database loads it (db/embedded-worker.mjs).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "advisor_household_counts" (
	"advisor_id" integer PRIMARY KEY NOT NULL,
	"households" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "advisor_household_counts" ADD CONSTRAINT "advisor_household_counts_advisor_id_advisors_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."advisors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "households_list_owner2_alone_idx" ON "households" USING btree ("list_owner2_advisor_id") WHERE list_owner2_advisor_id is distinct from list_owner1_advisor_id;--> statement-breakpoint
CREATE INDEX "households_search_owner1_idx" ON "households" USING gin ((coalesce(list_owner1_text, '') || E'\n' || coalesce(list_owner2_names, '') || E'\n' || coalesce(list_owner1_phone, '')) gin_trgm_ops);--> statement-breakpoint
-- Each advisor's count of households listing their client as owner 1, kept in the transaction of every
-- change of households.list_owner1_advisor_id (inserted rows get it from the list columns' refresh, an
-- UPDATE, so INSERT adds nothing until then). Nested IFs: NEW is null in a DELETE, OLD in an INSERT.
CREATE FUNCTION "households_count_on_household"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD."list_owner1_advisor_id" IS NOT NULL AND (TG_OP = 'DELETE' OR NEW."list_owner1_advisor_id" IS DISTINCT FROM OLD."list_owner1_advisor_id") THEN
      UPDATE "advisor_household_counts" SET "households" = "households" - 1 WHERE "advisor_id" = OLD."list_owner1_advisor_id";
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW."list_owner1_advisor_id" IS NOT NULL AND (TG_OP = 'INSERT' OR NEW."list_owner1_advisor_id" IS DISTINCT FROM OLD."list_owner1_advisor_id") THEN
      INSERT INTO "advisor_household_counts" ("advisor_id", "households") VALUES (NEW."list_owner1_advisor_id", 1)
        ON CONFLICT ("advisor_id") DO UPDATE SET "households" = "advisor_household_counts"."households" + 1;
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "households_count_on_household" AFTER INSERT OR DELETE OR UPDATE OF "list_owner1_advisor_id" ON "households"
  FOR EACH ROW EXECUTE FUNCTION "households_count_on_household"();--> statement-breakpoint
INSERT INTO "advisor_household_counts" ("advisor_id", "households")
  SELECT "list_owner1_advisor_id", count(*) FROM "households" WHERE "list_owner1_advisor_id" IS NOT NULL GROUP BY 1;
