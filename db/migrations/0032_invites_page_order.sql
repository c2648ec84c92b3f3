DROP INDEX "invites_advisor_idx";--> statement-breakpoint
CREATE INDEX "invites_advisor_idx" ON "invites" USING btree ("advisor_id","sent_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);