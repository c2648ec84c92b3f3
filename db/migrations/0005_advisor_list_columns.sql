ALTER TABLE "households" ADD COLUMN "list_owner1_advisor_id" integer;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "list_owner1_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "list_owner1_submitted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "list_owner1_names" text;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "list_owner1_text" text;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "list_owner1_phone" text;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "list_owner1_last" text;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "list_owner1_first" text;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "list_owner2_advisor_id" integer;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "list_owner2_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "list_owner2_submitted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "list_owner2_names" text;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "list_owner2_text" text;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "list_owner2_phone" text;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "list_owner2_last" text;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "list_owner2_first" text;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "list_status" "estate_plan_status";--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "list_plan_submitted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "households_list_owner1_idx" ON "households" USING btree ("list_owner1_advisor_id","list_owner1_created_at" DESC NULLS LAST,"owner1_client_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "households_list_owner2_idx" ON "households" USING btree ("list_owner2_advisor_id");--> statement-breakpoint
-- Hand-written: the dashboard's list columns are maintained by the database, in the transaction of every
-- write to what they copy. households_list_refresh recomputes them for the given households from the
-- owners' client and person rows and owner 1's latest estate plan (latest by created_at, then id).
CREATE FUNCTION "households_list_refresh"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "households" h SET
    ("list_owner1_advisor_id", "list_owner1_created_at", "list_owner1_submitted", "list_owner1_names", "list_owner1_text", "list_owner1_phone", "list_owner1_last", "list_owner1_first",
     "list_owner2_advisor_id", "list_owner2_created_at", "list_owner2_submitted", "list_owner2_names", "list_owner2_text", "list_owner2_phone", "list_owner2_last", "list_owner2_first",
     "list_status", "list_plan_submitted") = (
    SELECT c1."advisor_id", c1."created_at", c1."is_trust_submitted",
           lower(concat_ws(chr(10), concat_ws(' ', p1."first_name", p1."middle_name", p1."last_name", p1."suffix"), concat_ws(' ', p1."first_name", p1."last_name"))),
           lower(concat_ws(chr(10), concat_ws(' ', p1."first_name", p1."middle_name", p1."last_name", p1."suffix"), concat_ws(' ', p1."first_name", p1."last_name"), p1."email")),
           regexp_replace(coalesce(p1."phone", ''), '\D', '', 'g'), lower(p1."last_name"), lower(p1."first_name"),
           c2."advisor_id", c2."created_at", coalesce(c2."is_trust_submitted", false),
           CASE WHEN c2."id" IS NOT NULL THEN lower(concat_ws(chr(10), concat_ws(' ', p2."first_name", p2."middle_name", p2."last_name", p2."suffix"), concat_ws(' ', p2."first_name", p2."last_name"))) END,
           CASE WHEN c2."id" IS NOT NULL THEN lower(concat_ws(chr(10), concat_ws(' ', p2."first_name", p2."middle_name", p2."last_name", p2."suffix"), concat_ws(' ', p2."first_name", p2."last_name"), p2."email")) END,
           CASE WHEN c2."id" IS NOT NULL THEN regexp_replace(coalesce(p2."phone", ''), '\D', '', 'g') END, lower(p2."last_name"), lower(p2."first_name"),
           lp."status", coalesce(lp."submitted_at" IS NOT NULL, false)
      FROM "clients" c1
      JOIN "persons" p1 ON p1."id" = c1."person_id"
      LEFT JOIN "clients" c2 ON c2."id" = h."owner2_client_id"
      LEFT JOIN "persons" p2 ON p2."id" = c2."person_id"
      LEFT JOIN LATERAL (
        SELECT ep."status", ep."submitted_at" FROM "estate_plans" ep
         WHERE ep."client_id" = c1."id" ORDER BY ep."created_at" DESC, ep."id" DESC LIMIT 1
      ) lp ON true
     WHERE c1."id" = h."owner1_client_id")
   WHERE h."id" = ANY(ids)
$$;--> statement-breakpoint
CREATE FUNCTION "households_list_on_household"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "households_list_refresh"(ARRAY[NEW."id"]);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The refresh writes only the list columns, so it does not fire this trigger again.
CREATE TRIGGER "households_list_on_household" AFTER INSERT OR UPDATE OF "owner1_client_id", "owner2_client_id" ON "households"
  FOR EACH ROW EXECUTE FUNCTION "households_list_on_household"();--> statement-breakpoint
CREATE FUNCTION "households_list_on_client"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "households_list_refresh"(array(
    SELECT h."id" FROM "households" h WHERE h."owner1_client_id" = NEW."id" UNION SELECT h."id" FROM "households" h WHERE h."owner2_client_id" = NEW."id"));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "households_list_on_client" AFTER UPDATE OF "advisor_id", "created_at", "is_trust_submitted", "person_id" ON "clients"
  FOR EACH ROW EXECUTE FUNCTION "households_list_on_client"();--> statement-breakpoint
CREATE FUNCTION "households_list_on_person"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "households_list_refresh"(array(
    SELECT h."id" FROM "clients" c JOIN "households" h ON h."owner1_client_id" = c."id" WHERE c."person_id" = NEW."id"
    UNION SELECT h."id" FROM "clients" c JOIN "households" h ON h."owner2_client_id" = c."id" WHERE c."person_id" = NEW."id"));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "households_list_on_person" AFTER UPDATE OF "first_name", "middle_name", "last_name", "suffix", "email", "phone" ON "persons"
  FOR EACH ROW EXECUTE FUNCTION "households_list_on_person"();--> statement-breakpoint
CREATE FUNCTION "households_list_on_plan"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "households_list_refresh"(array(SELECT h."id" FROM "households" h WHERE h."owner1_client_id" = OLD."client_id"));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM "households_list_refresh"(array(SELECT h."id" FROM "households" h WHERE h."owner1_client_id" = NEW."client_id"));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "households_list_on_plan" AFTER INSERT OR DELETE OR UPDATE OF "client_id", "status", "submitted_at", "created_at" ON "estate_plans"
  FOR EACH ROW EXECUTE FUNCTION "households_list_on_plan"();--> statement-breakpoint
-- Existing households.
SELECT "households_list_refresh"(array(SELECT "id" FROM "households"));
