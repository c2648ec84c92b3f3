DROP INDEX "invites_advisor_idx";--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "last_change_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "completion_percent" integer;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "completion_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "token_hash" text;--> statement-breakpoint
CREATE INDEX "clients_advisor_created_idx" ON "clients" USING btree ("advisor_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "households_last_change_idx" ON "households" USING btree ("last_change_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invites_token_hash_unique" ON "invites" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invites_advisor_idx" ON "invites" USING btree ("advisor_id","sent_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "households" ADD CONSTRAINT "households_completion_percent_check" CHECK ("households"."completion_percent" between 0 and 100);--> statement-breakpoint
-- Hand-written: a household's last change before this migration is the newest update of the household or its clients.
UPDATE "households" h SET "last_change_at" = greatest(h."updated_at", c1."updated_at")
  FROM "clients" c1 WHERE c1."id" = h."owner1_client_id";--> statement-breakpoint
UPDATE "households" h SET "last_change_at" = greatest(h."last_change_at", c2."updated_at")
  FROM "clients" c2 WHERE c2."id" = h."owner2_client_id";
