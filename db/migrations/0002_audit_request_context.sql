ALTER TABLE "audit_log" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "user_agent" text;--> statement-breakpoint
CREATE INDEX "audit_log_action_ip_created_idx" ON "audit_log" USING btree ("action","ip","created_at");--> statement-breakpoint
-- Sign-ups recorded before this migration kept the address in meta; carry it over so the brake still counts them.
UPDATE "audit_log" SET "ip" = "meta"->>'ip' WHERE "ip" IS NULL AND "meta" ? 'ip';
