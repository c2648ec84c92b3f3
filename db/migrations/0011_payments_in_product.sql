ALTER TYPE "public"."payment_status" ADD VALUE 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_reference_unique" ON "payments" USING btree ("gateway","gateway_reference");