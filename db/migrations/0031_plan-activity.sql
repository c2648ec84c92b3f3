ALTER TABLE "households" ADD COLUMN "list_plan_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "list_activity_at" timestamp with time zone GENERATED ALWAYS AS (greatest(last_change_at, list_plan_changed_at)) STORED;--> statement-breakpoint
CREATE INDEX "households_list_owner1_activity_idx" ON "households" USING btree ("list_owner1_advisor_id","list_activity_at");--> statement-breakpoint
-- Hand-written (issue 32): the households' list columns also keep the latest change of the household's
-- estate plans (they are owner 1's: estate_plans_household_owner1_fk), so the advisors overview's "last
-- activity" of an advisor is one entry of households_list_owner1_activity_idx rather than every plan of
-- their book. The refresh computes it with the other list columns; any update of a plan (which stamps its
-- updated_at) now refreshes its household, as a change of its status did.
CREATE OR REPLACE FUNCTION "households_list_refresh"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "households" h SET
    ("list_owner1_advisor_id", "list_owner1_created_at", "list_owner1_submitted", "list_owner1_names", "list_owner1_text", "list_owner1_phone", "list_owner1_last", "list_owner1_first",
     "list_owner2_advisor_id", "list_owner2_created_at", "list_owner2_submitted", "list_owner2_names", "list_owner2_text", "list_owner2_phone", "list_owner2_last", "list_owner2_first",
     "list_status", "list_plan_submitted", "list_plan_changed_at") = (
    SELECT c1."advisor_id", c1."created_at", c1."is_trust_submitted",
           lower(concat_ws(chr(10), concat_ws(' ', p1."first_name", p1."middle_name", p1."last_name", p1."suffix"), concat_ws(' ', p1."first_name", p1."last_name"))),
           lower(concat_ws(chr(10), concat_ws(' ', p1."first_name", p1."middle_name", p1."last_name", p1."suffix"), concat_ws(' ', p1."first_name", p1."last_name"), p1."email")),
           regexp_replace(coalesce(p1."phone", ''), '\D', '', 'g'), lower(p1."last_name"), lower(p1."first_name"),
           c2."advisor_id", c2."created_at", coalesce(c2."is_trust_submitted", false),
           CASE WHEN c2."id" IS NOT NULL THEN lower(concat_ws(chr(10), concat_ws(' ', p2."first_name", p2."middle_name", p2."last_name", p2."suffix"), concat_ws(' ', p2."first_name", p2."last_name"))) END,
           CASE WHEN c2."id" IS NOT NULL THEN lower(concat_ws(chr(10), concat_ws(' ', p2."first_name", p2."middle_name", p2."last_name", p2."suffix"), concat_ws(' ', p2."first_name", p2."last_name"), p2."email")) END,
           CASE WHEN c2."id" IS NOT NULL THEN regexp_replace(coalesce(p2."phone", ''), '\D', '', 'g') END, lower(p2."last_name"), lower(p2."first_name"),
           lp."status", coalesce(lp."submitted_at" IS NOT NULL, false),
           (SELECT max(ep."updated_at") FROM "estate_plans" ep WHERE ep."client_id" = c1."id")
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
DROP TRIGGER "households_list_on_plan" ON "estate_plans";--> statement-breakpoint
CREATE TRIGGER "households_list_on_plan" AFTER INSERT OR DELETE OR UPDATE OF "client_id", "status", "submitted_at", "created_at", "updated_at" ON "estate_plans"
  FOR EACH ROW EXECUTE FUNCTION "households_list_on_plan"();--> statement-breakpoint
UPDATE "households" h SET "list_plan_changed_at" = (
  SELECT max(ep."updated_at") FROM "estate_plans" ep WHERE ep."client_id" = h."owner1_client_id");
