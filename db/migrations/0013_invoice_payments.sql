ALTER TABLE "invoices" ADD COLUMN "payment_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Invoices paid before this column: the payment recorded for the attempt whose subject names them.
UPDATE "invoices" i SET "payment_id" = p."id"
FROM "payment_attempts" a
JOIN "payments" p ON p."gateway" = a."gateway" AND p."gateway_reference" = a."reference"
WHERE i."status" = 'paid' AND i."payment_id" IS NULL AND a."state" IN ('succeeded', 'pending')
  AND i."id" = ANY (string_to_array(substring(a."subject" from '(?:^|;)invoices:([0-9,]+)(?:;|$)'), ',')::int[]);
