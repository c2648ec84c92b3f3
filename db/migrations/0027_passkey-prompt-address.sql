ALTER TABLE "webauthn_challenges" ADD COLUMN "ip" text;--> statement-breakpoint
CREATE INDEX "webauthn_challenges_ip_idx" ON "webauthn_challenges" USING btree ("ip","expires_at");