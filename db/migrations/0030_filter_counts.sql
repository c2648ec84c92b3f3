CREATE TABLE "advisor_status_counts" (
	"advisor_id" integer NOT NULL,
	"status" text NOT NULL,
	"households" integer DEFAULT 0 NOT NULL,
	"submitted" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "advisor_status_counts_advisor_id_status_pk" PRIMARY KEY("advisor_id","status")
);
--> statement-breakpoint
ALTER TABLE "advisor_status_counts" ADD CONSTRAINT "advisor_status_counts_advisor_id_advisors_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."advisors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "households_list_filter_name_idx" ON "households" USING btree ("list_owner1_advisor_id",(case when list_status is null then 0 when list_status in ('incomplete', 'unpaid', 'paid partial', 'paid', 'signed') then 1 when list_status = 'canceled' then 3 when list_status = 'complete' then 4 else 2 end),"list_owner1_last","list_owner1_first");--> statement-breakpoint
CREATE INDEX "households_list_owner1_change_idx" ON "households" USING btree ("list_owner1_advisor_id","last_change_at");--> statement-breakpoint
-- Each advisor's households per owner 1's latest plan status ('' for none) and how many of them are
-- submitted (the rule of lib/estate-plans/submitted.ts over the list columns), kept in the transaction of
-- every change of those columns, as households_count_on_household keeps the totals (issue 32). A row's
-- old key is taken off and its new key added when any of them moves; nothing when none did.
CREATE FUNCTION "households_status_count_on_household"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW."list_owner1_advisor_id" IS NOT DISTINCT FROM OLD."list_owner1_advisor_id"
       AND NEW."list_status" IS NOT DISTINCT FROM OLD."list_status"
       AND NEW."list_plan_submitted" = OLD."list_plan_submitted"
       AND NEW."list_owner1_submitted" = OLD."list_owner1_submitted"
       AND NEW."list_owner2_submitted" = OLD."list_owner2_submitted" THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD."list_owner1_advisor_id" IS NOT NULL THEN
    UPDATE "advisor_status_counts"
       SET "households" = "households" - 1,
           "submitted" = "submitted" - (OLD."list_plan_submitted" OR OLD."list_owner1_submitted" OR OLD."list_owner2_submitted")::int
     WHERE "advisor_id" = OLD."list_owner1_advisor_id" AND "status" = coalesce(OLD."list_status"::text, '');
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."list_owner1_advisor_id" IS NOT NULL THEN
    INSERT INTO "advisor_status_counts" ("advisor_id", "status", "households", "submitted")
      VALUES (NEW."list_owner1_advisor_id", coalesce(NEW."list_status"::text, ''), 1,
              (NEW."list_plan_submitted" OR NEW."list_owner1_submitted" OR NEW."list_owner2_submitted")::int)
      ON CONFLICT ("advisor_id", "status") DO UPDATE
        SET "households" = "advisor_status_counts"."households" + 1,
            "submitted" = "advisor_status_counts"."submitted" + excluded."submitted";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "households_status_count_on_household" AFTER INSERT OR DELETE OR UPDATE OF "list_owner1_advisor_id", "list_status", "list_plan_submitted", "list_owner1_submitted", "list_owner2_submitted" ON "households"
  FOR EACH ROW EXECUTE FUNCTION "households_status_count_on_household"();--> statement-breakpoint
INSERT INTO "advisor_status_counts" ("advisor_id", "status", "households", "submitted")
  SELECT "list_owner1_advisor_id", coalesce("list_status"::text, ''), count(*),
         count(*) FILTER (WHERE "list_plan_submitted" OR "list_owner1_submitted" OR "list_owner2_submitted")
    FROM "households" WHERE "list_owner1_advisor_id" IS NOT NULL GROUP BY 1, 2;
