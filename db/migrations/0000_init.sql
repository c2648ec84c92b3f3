CREATE TYPE "public"."gender" AS ENUM('male', 'female');--> statement-breakpoint
CREATE TYPE "public"."yes_no" AS ENUM('yes', 'no');--> statement-breakpoint
CREATE TYPE "public"."beneficiary_type" AS ENUM('person', 'entity');--> statement-breakpoint
CREATE TYPE "public"."child_gender" AS ENUM('male', 'female');--> statement-breakpoint
CREATE TYPE "public"."poa_type" AS ENUM('general', 'medical', 'financial');--> statement-breakpoint
CREATE TYPE "public"."beneficiary_tier" AS ENUM('primary', 'contingent', 'tertiary', 'omitted');--> statement-breakpoint
CREATE TYPE "public"."account_kind" AS ENUM('retirement', 'brokerage', 'bank', 'annuity');--> statement-breakpoint
CREATE TYPE "public"."company_type" AS ENUM('corporation', 'partnership', 'limited liability company', 'sole proprietorship');--> statement-breakpoint
CREATE TYPE "public"."gift_type" AS ENUM('property', 'cash', 'item');--> statement-breakpoint
CREATE TYPE "public"."predecease_distribution" AS ENUM('bloodline', 'equally', 'lapse');--> statement-breakpoint
CREATE TYPE "public"."estate_plan_status" AS ENUM('incomplete', 'unpaid', 'paid partial', 'paid', 'signed', 'sent', 'preparing', 'hold', 'awaiting', 'finalizing', 'canceled', 'complete');--> statement-breakpoint
CREATE TYPE "public"."estate_plan_type" AS ENUM('trust');--> statement-breakpoint
CREATE TYPE "public"."invoice_status" AS ENUM('open', 'paid', 'void');--> statement-breakpoint
CREATE TYPE "public"."payment_method_kind" AS ENUM('card', 'bank');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('succeeded', 'failed', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."mail_status" AS ENUM('queued', 'sent', 'failed');--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "persons" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"middle_name" text,
	"last_name" text DEFAULT '' NOT NULL,
	"suffix" text,
	"nickname" text,
	"email" text,
	"phone" text,
	"dob" date,
	"ssn_cipher" text,
	"ssn_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "persons_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"person_id" integer NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_legal" boolean DEFAULT false NOT NULL,
	"is_advisory" boolean DEFAULT false NOT NULL,
	"is_firm_supervisor" boolean DEFAULT false NOT NULL,
	"session_version" integer DEFAULT 1 NOT NULL,
	"disabled_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "advisor_firms" (
	"advisor_id" integer NOT NULL,
	"firm_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "advisor_firms_advisor_id_firm_id_pk" PRIMARY KEY("advisor_id","firm_id")
);
--> statement-breakpoint
CREATE TABLE "advisors" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"is_waiving_fee" boolean DEFAULT false NOT NULL,
	"max_invoices" integer DEFAULT 3 NOT NULL,
	"is_auto_pay" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advisors_hash_unique" UNIQUE("hash"),
	CONSTRAINT "advisors_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "firms" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firms_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "staff_advisors" (
	"staff_user_id" integer NOT NULL,
	"advisor_id" integer NOT NULL,
	CONSTRAINT "staff_advisors_staff_user_id_advisor_id_pk" PRIMARY KEY("staff_user_id","advisor_id")
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"person_id" integer NOT NULL,
	"user_id" integer,
	"advisor_id" integer,
	"spouse_id" integer,
	"gender" "gender",
	"residence_state" text,
	"is_us_citizen" boolean,
	"is_receiving_medicaid" boolean,
	"has_mental_disorder" boolean,
	"wants_life_support" boolean,
	"wants_cremation" boolean,
	"is_organ_donor" boolean,
	"has_estate_plan" "yes_no",
	"estate_plan_type" text,
	"trust_name" text,
	"trust_date" date,
	"trust_times_amended" integer,
	"trust_replacement_reason" text,
	"is_assets_trust_owned" "yes_no",
	"trust_governing_state" text,
	"has_trust_intent_1" boolean,
	"has_trust_intent_2" boolean,
	"has_trust_intent_3" boolean,
	"has_trust_intent_4" boolean,
	"has_trust_intent_5" boolean,
	"has_trust_intent_6" boolean,
	"has_trust_intent_7" boolean,
	"trust_intent_other" text,
	"is_spouse_beneficiary" boolean,
	"is_spouse_poa_general" boolean,
	"is_spouse_poa_medical" boolean,
	"is_spouse_poa_financial" boolean,
	"is_trust_submitted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"client_id" integer NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notes_hash_unique" UNIQUE("hash"),
	CONSTRAINT "notes_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
CREATE TABLE "beneficiaries" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"type" "beneficiary_type" NOT NULL,
	"person_id" integer,
	"entity_name" text,
	"entity_identifier_cipher" text,
	"entity_identifier_last4" text,
	"entity_date" date,
	"is_trust" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "beneficiaries_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "children" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"person_id" integer NOT NULL,
	"gender" "child_gender",
	"guardian1_person_id" integer,
	"guardian2_person_id" integer,
	"multi_guardian_specifics" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "children_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "client_beneficiaries" (
	"client_id" integer NOT NULL,
	"beneficiary_id" integer NOT NULL,
	"tier" "beneficiary_tier",
	"share_percent" numeric(5, 2),
	"relationship" text,
	"is_per_stirpes" boolean DEFAULT false NOT NULL,
	"omission_reason" text,
	CONSTRAINT "client_beneficiaries_client_id_beneficiary_id_pk" PRIMARY KEY("client_id","beneficiary_id")
);
--> statement-breakpoint
CREATE TABLE "client_children" (
	"client_id" integer NOT NULL,
	"child_id" integer NOT NULL,
	CONSTRAINT "client_children_client_id_child_id_pk" PRIMARY KEY("client_id","child_id")
);
--> statement-breakpoint
CREATE TABLE "client_fiduciaries" (
	"client_id" integer NOT NULL,
	"fiduciary_id" integer NOT NULL,
	"serve_order" integer,
	CONSTRAINT "client_fiduciaries_client_id_fiduciary_id_pk" PRIMARY KEY("client_id","fiduciary_id")
);
--> statement-breakpoint
CREATE TABLE "client_poa_agents" (
	"client_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"type" "poa_type" NOT NULL,
	"serve_order" integer,
	"is_collective" boolean DEFAULT false NOT NULL,
	"is_independent" boolean DEFAULT false NOT NULL,
	CONSTRAINT "client_poa_agents_client_id_agent_id_type_pk" PRIMARY KEY("client_id","agent_id","type")
);
--> statement-breakpoint
CREATE TABLE "fiduciaries" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"person_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiduciaries_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "poa_agents" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"person_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "poa_agents_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"kind" "account_kind" NOT NULL,
	"company" text,
	"type" text,
	"number_cipher" text,
	"number_last4" text,
	"value" numeric(14, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"street" text,
	"unit" text,
	"city" text,
	"state" text,
	"zip" text,
	"value" numeric(14, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addresses_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "client_accounts" (
	"client_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	CONSTRAINT "client_accounts_client_id_account_id_pk" PRIMARY KEY("client_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "client_companies" (
	"client_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"share_percent" numeric(5, 2),
	"stock_shares" integer,
	CONSTRAINT "client_companies_client_id_company_id_pk" PRIMARY KEY("client_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "client_gifts" (
	"client_id" integer NOT NULL,
	"gift_id" integer NOT NULL,
	CONSTRAINT "client_gifts_client_id_gift_id_pk" PRIMARY KEY("client_id","gift_id")
);
--> statement-breakpoint
CREATE TABLE "client_properties" (
	"client_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	CONSTRAINT "client_properties_client_id_property_id_pk" PRIMARY KEY("client_id","property_id")
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"name" text NOT NULL,
	"type" "company_type",
	"address_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"gift_type" "gift_type" NOT NULL,
	"beneficiary_id" integer NOT NULL,
	"address_id" integer,
	"cash_amount" numeric(14, 2),
	"specific_item" text,
	"predecease_distribution" "predecease_distribution",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gifts_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"address_id" integer NOT NULL,
	"purchase_month" integer,
	"purchase_year" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "properties_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "estate_plan_status_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"estate_plan_id" integer NOT NULL,
	"from_status" "estate_plan_status",
	"to_status" "estate_plan_status" NOT NULL,
	"changed_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estate_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"client_id" integer NOT NULL,
	"type" "estate_plan_type" DEFAULT 'trust' NOT NULL,
	"status" "estate_plan_status" DEFAULT 'incomplete' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estate_plans_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"estate_plan_id" integer NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"storage" text DEFAULT 'local' NOT NULL,
	"storage_key" text NOT NULL,
	"created_by_user_id" integer,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"advisor_id" integer NOT NULL,
	"client_name" text NOT NULL,
	"client_email" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"joined_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invites_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"advisor_id" integer NOT NULL,
	"client_id" integer,
	"estate_plan_id" integer,
	"description" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"amount_paid" numeric(12, 2) DEFAULT '0' NOT NULL,
	"status" "invoice_status" DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"advisor_id" integer,
	"client_id" integer,
	"gateway" text NOT NULL,
	"token" text NOT NULL,
	"kind" "payment_method_kind" NOT NULL,
	"brand" text,
	"last4" text NOT NULL,
	"exp_month" integer,
	"exp_year" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"advisor_id" integer,
	"client_id" integer,
	"estate_plan_id" integer,
	"payment_method_id" integer,
	"amount" numeric(12, 2) NOT NULL,
	"gateway" text NOT NULL,
	"charge_type" text NOT NULL,
	"method_kind" "payment_method_kind" NOT NULL,
	"brand" text,
	"last4" text,
	"gateway_reference" text,
	"status" "payment_status" NOT NULL,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "recurring_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"payment_method_id" integer NOT NULL,
	"estate_plan_id" integer,
	"amount" numeric(12, 2) NOT NULL,
	"next_charge_on" timestamp with time zone NOT NULL,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_charges_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_user_id" integer,
	"impersonator_user_id" integer,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" integer,
	"meta" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"status" "mail_status" DEFAULT 'queued' NOT NULL,
	"error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_outbox_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_firms" ADD CONSTRAINT "advisor_firms_advisor_id_advisors_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."advisors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_firms" ADD CONSTRAINT "advisor_firms_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisors" ADD CONSTRAINT "advisors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_advisors" ADD CONSTRAINT "staff_advisors_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_advisors" ADD CONSTRAINT "staff_advisors_advisor_id_advisors_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."advisors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_advisor_id_advisors_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."advisors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_spouse_id_clients_id_fk" FOREIGN KEY ("spouse_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children" ADD CONSTRAINT "children_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children" ADD CONSTRAINT "children_guardian1_person_id_persons_id_fk" FOREIGN KEY ("guardian1_person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "children" ADD CONSTRAINT "children_guardian2_person_id_persons_id_fk" FOREIGN KEY ("guardian2_person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_beneficiaries" ADD CONSTRAINT "client_beneficiaries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_beneficiaries" ADD CONSTRAINT "client_beneficiaries_beneficiary_id_beneficiaries_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."beneficiaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_children" ADD CONSTRAINT "client_children_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_children" ADD CONSTRAINT "client_children_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_fiduciaries" ADD CONSTRAINT "client_fiduciaries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_fiduciaries" ADD CONSTRAINT "client_fiduciaries_fiduciary_id_fiduciaries_id_fk" FOREIGN KEY ("fiduciary_id") REFERENCES "public"."fiduciaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_poa_agents" ADD CONSTRAINT "client_poa_agents_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_poa_agents" ADD CONSTRAINT "client_poa_agents_agent_id_poa_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."poa_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiduciaries" ADD CONSTRAINT "fiduciaries_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poa_agents" ADD CONSTRAINT "poa_agents_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_accounts" ADD CONSTRAINT "client_accounts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_accounts" ADD CONSTRAINT "client_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_companies" ADD CONSTRAINT "client_companies_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_companies" ADD CONSTRAINT "client_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_gifts" ADD CONSTRAINT "client_gifts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_gifts" ADD CONSTRAINT "client_gifts_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_properties" ADD CONSTRAINT "client_properties_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_properties" ADD CONSTRAINT "client_properties_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_beneficiary_id_beneficiaries_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."beneficiaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_plan_status_changes" ADD CONSTRAINT "estate_plan_status_changes_estate_plan_id_estate_plans_id_fk" FOREIGN KEY ("estate_plan_id") REFERENCES "public"."estate_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_plan_status_changes" ADD CONSTRAINT "estate_plan_status_changes_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_plans" ADD CONSTRAINT "estate_plans_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_estate_plan_id_estate_plans_id_fk" FOREIGN KEY ("estate_plan_id") REFERENCES "public"."estate_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_advisor_id_advisors_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."advisors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_joined_user_id_users_id_fk" FOREIGN KEY ("joined_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_advisor_id_advisors_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."advisors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_estate_plan_id_estate_plans_id_fk" FOREIGN KEY ("estate_plan_id") REFERENCES "public"."estate_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_advisor_id_advisors_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."advisors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_advisor_id_advisors_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."advisors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_estate_plan_id_estate_plans_id_fk" FOREIGN KEY ("estate_plan_id") REFERENCES "public"."estate_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_charges" ADD CONSTRAINT "recurring_charges_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_charges" ADD CONSTRAINT "recurring_charges_estate_plan_id_estate_plans_id_fk" FOREIGN KEY ("estate_plan_id") REFERENCES "public"."estate_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_impersonator_user_id_users_id_fk" FOREIGN KEY ("impersonator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_attempts_email_idx" ON "login_attempts" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_person_idx" ON "users" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "advisor_firms_firm_idx" ON "advisor_firms" USING btree ("firm_id");--> statement-breakpoint
CREATE INDEX "advisors_user_idx" ON "advisors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "staff_advisors_advisor_idx" ON "staff_advisors" USING btree ("advisor_id");--> statement-breakpoint
CREATE INDEX "clients_advisor_idx" ON "clients" USING btree ("advisor_id");--> statement-breakpoint
CREATE INDEX "clients_user_idx" ON "clients" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "clients_spouse_idx" ON "clients" USING btree ("spouse_id");--> statement-breakpoint
CREATE INDEX "clients_person_idx" ON "clients" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "client_beneficiaries_beneficiary_idx" ON "client_beneficiaries" USING btree ("beneficiary_id");--> statement-breakpoint
CREATE INDEX "client_children_child_idx" ON "client_children" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "client_fiduciaries_fiduciary_idx" ON "client_fiduciaries" USING btree ("fiduciary_id");--> statement-breakpoint
CREATE INDEX "client_poa_agents_agent_idx" ON "client_poa_agents" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "accounts_kind_idx" ON "accounts" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "client_accounts_account_idx" ON "client_accounts" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "client_companies_company_idx" ON "client_companies" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "client_gifts_gift_idx" ON "client_gifts" USING btree ("gift_id");--> statement-breakpoint
CREATE INDEX "client_properties_property_idx" ON "client_properties" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "estate_plan_status_changes_plan_idx" ON "estate_plan_status_changes" USING btree ("estate_plan_id");--> statement-breakpoint
CREATE INDEX "estate_plans_client_idx" ON "estate_plans" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "files_plan_idx" ON "files" USING btree ("estate_plan_id");--> statement-breakpoint
CREATE INDEX "invites_advisor_idx" ON "invites" USING btree ("advisor_id");--> statement-breakpoint
CREATE INDEX "invites_email_idx" ON "invites" USING btree ("client_email");--> statement-breakpoint
CREATE INDEX "invoices_advisor_idx" ON "invoices" USING btree ("advisor_id","status");--> statement-breakpoint
CREATE INDEX "payment_methods_advisor_idx" ON "payment_methods" USING btree ("advisor_id");--> statement-breakpoint
CREATE INDEX "payment_methods_client_idx" ON "payment_methods" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "payments_advisor_idx" ON "payments" USING btree ("advisor_id");--> statement-breakpoint
CREATE INDEX "payments_plan_idx" ON "payments" USING btree ("estate_plan_id");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");