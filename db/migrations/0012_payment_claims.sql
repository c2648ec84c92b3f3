CREATE TABLE "payment_claims" (
	"thing" text PRIMARY KEY NOT NULL,
	"attempt_id" integer NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "payer_user_id" integer;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "payer_ip" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "payer_account" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "payment_method_id" integer;--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_claims_attempt_idx" ON "payment_claims" USING btree ("attempt_id");--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_attempts_created_idx" ON "payment_attempts" USING btree ("created_at");--> statement-breakpoint
-- Attempts still in flight or unclear when this runs claim what they pay for (lib/payments/claims.ts
-- thingsOf): each invoice of an invoice subject, otherwise the subject itself. Newest first wins a thing.
INSERT INTO "payment_claims" ("thing", "attempt_id")
SELECT DISTINCT ON (c."thing") c."thing", c."attempt_id" FROM (
  SELECT 'invoice:' || unnest(string_to_array(substring(a."subject" from '(?:^|;)invoices:([0-9,]+)(?:;|$)'), ',')) AS "thing", a."id" AS "attempt_id"
  FROM "payment_attempts" a WHERE a."state" IN ('created', 'unclear') AND a."subject" ~ '(^|;)invoices:'
  UNION ALL
  SELECT a."subject", a."id" FROM "payment_attempts" a WHERE a."state" IN ('created', 'unclear') AND a."subject" !~ '(^|;)invoices:'
) c ORDER BY c."thing", c."attempt_id" DESC
ON CONFLICT DO NOTHING;
