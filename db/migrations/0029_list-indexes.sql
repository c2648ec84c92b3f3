DROP INDEX "files_plan_idx";--> statement-breakpoint
DROP INDEX "invoices_advisor_idx";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "files_plan_created_idx" ON "files" USING btree ("estate_plan_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoices_advisor_status_created_idx" ON "invoices" USING btree ("advisor_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_advisor_paid_idx" ON "invoices" USING btree ("advisor_id","paid_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'paid';--> statement-breakpoint
-- When a paid invoice was paid (issue 32): the expression the invoice history ordered by at read time,
-- coalesce(the paying payment's created_at, the invoice's updated_at), now kept on the row so the history's
-- page reads invoices_advisor_paid_idx in order. Recomputed on every write of the row, as the read computed
-- it from the row's current values; null unless paid (a returned eCheck opens the invoice again).
CREATE FUNCTION "invoices_paid_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" = 'paid' THEN
    NEW."paid_at" := coalesce((SELECT p."created_at" FROM "payments" p WHERE p."id" = NEW."payment_id"), NEW."updated_at");
  ELSE
    NEW."paid_at" := NULL;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "invoices_paid_at" BEFORE INSERT OR UPDATE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "invoices_paid_at"();--> statement-breakpoint
UPDATE "invoices" SET "paid_at" = coalesce((SELECT p."created_at" FROM "payments" p WHERE p."id" = "invoices"."payment_id"), "invoices"."updated_at") WHERE "status" = 'paid';
