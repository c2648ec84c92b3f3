CREATE TYPE "public"."payment_attempt_state" AS ENUM('created', 'succeeded', 'failed', 'pending', 'unclear');--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"purpose" text NOT NULL,
	"subject" text NOT NULL,
	"attempt" integer NOT NULL,
	"state" "payment_attempt_state" DEFAULT 'created' NOT NULL,
	"gateway" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"method_kind" "payment_method_kind" NOT NULL,
	"brand" text,
	"last4" text,
	"exp_month" integer,
	"exp_year" integer,
	"bank_account_type" "bank_account_type",
	"charge_id" text,
	"error_code" text,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "payment_attempts_reference_unique" UNIQUE("reference"),
	CONSTRAINT "payment_attempts_purpose_check" CHECK ("payment_attempts"."purpose" in ('trust_fee', 'setup_charge', 'advisor_balance', 'auto_pay', 'annual_charge')),
	CONSTRAINT "payment_attempts_gateway_check" CHECK ("payment_attempts"."gateway" in ('sandbox', 'lawpay')),
	CONSTRAINT "payment_attempts_attempt_check" CHECK ("payment_attempts"."attempt" >= 1),
	CONSTRAINT "payment_attempts_amount_check" CHECK ("payment_attempts"."amount" > 0),
	CONSTRAINT "payment_attempts_last4_check" CHECK ("payment_attempts"."last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "sandbox_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text,
	"account" text NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"amount_refunded" numeric(12, 2) DEFAULT '0' NOT NULL,
	"method_kind" "payment_method_kind" NOT NULL,
	"brand" text,
	"last4" text,
	"exp_month" integer,
	"exp_year" integer,
	"bank_account_type" "bank_account_type",
	"settles_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_charges_account_check" CHECK ("sandbox_charges"."account" in ('card', 'ach')),
	CONSTRAINT "sandbox_charges_status_check" CHECK ("sandbox_charges"."status" in ('authorized', 'completed', 'pending', 'failed', 'voided')),
	CONSTRAINT "sandbox_charges_amount_check" CHECK ("sandbox_charges"."amount" > 0 and "sandbox_charges"."amount_refunded" >= 0 and "sandbox_charges"."amount_refunded" <= "sandbox_charges"."amount")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" "payment_method_kind" NOT NULL,
	"brand" text,
	"last4" text NOT NULL,
	"exp_month" integer,
	"exp_year" integer,
	"bank_account_type" "bank_account_type",
	"decline_code" text,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_key_unique" ON "payment_attempts" USING btree ("purpose","subject","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_charge_unique" ON "payment_attempts" USING btree ("gateway","charge_id");--> statement-breakpoint
CREATE INDEX "payment_attempts_open_idx" ON "payment_attempts" USING btree ("state","updated_at") WHERE "payment_attempts"."state" in ('created', 'pending', 'unclear');--> statement-breakpoint
CREATE INDEX "sandbox_charges_reference_idx" ON "sandbox_charges" USING btree ("reference");