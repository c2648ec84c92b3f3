CREATE TYPE "public"."identifier_kind" AS ENUM('ssn', 'tin', 'ein');--> statement-breakpoint
CREATE TYPE "public"."bank_account_type" AS ENUM('checking', 'savings');--> statement-breakpoint
CREATE TABLE "households" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"owner1_client_id" integer NOT NULL,
	"owner2_client_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "households_hash_unique" UNIQUE("hash"),
	CONSTRAINT "households_owner1_client_id_unique" UNIQUE("owner1_client_id"),
	CONSTRAINT "households_owner2_client_id_unique" UNIQUE("owner2_client_id"),
	CONSTRAINT "households_owners_differ_check" CHECK ("households"."owner1_client_id" <> "households"."owner2_client_id")
);
--> statement-breakpoint
CREATE TABLE "plan_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"estate_plan_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"statement" smallint NOT NULL,
	"acknowledged_by_user_id" integer NOT NULL,
	"impersonator_user_id" integer,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "plan_consents_hash_unique" UNIQUE("hash"),
	CONSTRAINT "plan_consents_plan_client_statement_unique" UNIQUE("estate_plan_id","client_id","statement"),
	CONSTRAINT "plan_consents_statement_check" CHECK ("plan_consents"."statement" between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "client_companies" ALTER COLUMN "stock_shares" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "entity_identifier_kind" "identifier_kind";--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "children" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "fiduciaries" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "poa_agents" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "estate_plans" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estate_plans" ADD COLUMN "submitted_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "estate_plans" ADD COLUMN "submitted_by_impersonator_user_id" integer;--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "bank_account_type" "bank_account_type";--> statement-breakpoint
ALTER TABLE "households" ADD CONSTRAINT "households_owner1_client_id_clients_id_fk" FOREIGN KEY ("owner1_client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "households" ADD CONSTRAINT "households_owner2_client_id_clients_id_fk" FOREIGN KEY ("owner2_client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_consents" ADD CONSTRAINT "plan_consents_estate_plan_id_estate_plans_id_fk" FOREIGN KEY ("estate_plan_id") REFERENCES "public"."estate_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_consents" ADD CONSTRAINT "plan_consents_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_consents" ADD CONSTRAINT "plan_consents_acknowledged_by_user_id_users_id_fk" FOREIGN KEY ("acknowledged_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_consents" ADD CONSTRAINT "plan_consents_impersonator_user_id_users_id_fk" FOREIGN KEY ("impersonator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_consents_client_idx" ON "plan_consents" USING btree ("client_id");--> statement-breakpoint
-- ---------------------------------------------------------------------------------------------------------
-- Carry-over (hand-written). Existing rows are moved to the new shape and mended where they would break a
-- constraint added below; the constraints come last. Two helper functions live only during this migration.
-- ---------------------------------------------------------------------------------------------------------
-- A public hash like newHash() in db/schema/columns.ts: 16 bytes (a random UUID, 122 random bits), base64url.
CREATE FUNCTION "migration_0003_new_hash"() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT rtrim(translate(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=')
$$;--> statement-breakpoint
-- A state as its two-letter code (lib/validation/lists.ts US_STATES), from a code in any case or a full name;
-- null when it is neither.
CREATE FUNCTION "migration_0003_state_code"(raw text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT v.code FROM (VALUES
    ('AL', 'ALABAMA'), ('AK', 'ALASKA'), ('AZ', 'ARIZONA'), ('AR', 'ARKANSAS'), ('CA', 'CALIFORNIA'),
    ('CO', 'COLORADO'), ('CT', 'CONNECTICUT'), ('DE', 'DELAWARE'), ('DC', 'DISTRICT OF COLUMBIA'),
    ('FL', 'FLORIDA'), ('GA', 'GEORGIA'), ('HI', 'HAWAII'), ('ID', 'IDAHO'), ('IL', 'ILLINOIS'),
    ('IN', 'INDIANA'), ('IA', 'IOWA'), ('KS', 'KANSAS'), ('KY', 'KENTUCKY'), ('LA', 'LOUISIANA'),
    ('ME', 'MAINE'), ('MD', 'MARYLAND'), ('MA', 'MASSACHUSETTS'), ('MI', 'MICHIGAN'), ('MN', 'MINNESOTA'),
    ('MS', 'MISSISSIPPI'), ('MO', 'MISSOURI'), ('MT', 'MONTANA'), ('NE', 'NEBRASKA'), ('NV', 'NEVADA'),
    ('NH', 'NEW HAMPSHIRE'), ('NJ', 'NEW JERSEY'), ('NM', 'NEW MEXICO'), ('NY', 'NEW YORK'),
    ('NC', 'NORTH CAROLINA'), ('ND', 'NORTH DAKOTA'), ('OH', 'OHIO'), ('OK', 'OKLAHOMA'), ('OR', 'OREGON'),
    ('PA', 'PENNSYLVANIA'), ('PR', 'PUERTO RICO'), ('RI', 'RHODE ISLAND'), ('SC', 'SOUTH CAROLINA'),
    ('SD', 'SOUTH DAKOTA'), ('TN', 'TENNESSEE'), ('TX', 'TEXAS'), ('UT', 'UTAH'), ('VT', 'VERMONT'),
    ('VI', 'VIRGIN ISLANDS'), ('VA', 'VIRGINIA'), ('WA', 'WASHINGTON'), ('WV', 'WEST VIRGINIA'),
    ('WI', 'WISCONSIN'), ('WY', 'WYOMING')
  ) AS v(code, name)
  WHERE v.code = upper(btrim(raw)) OR v.name = upper(regexp_replace(btrim(raw), '\s+', ' ', 'g'))
$$;--> statement-breakpoint
-- Households 1: married pairs. Two clients whose spouse_id point at each other, or a one-sided link to a
-- client that links to nobody and whom nobody else claims. Owner 1 is the partner holding the household's
-- latest estate plan, else the lower id. (Any other link is ambiguous: those clients become single.)
WITH "pairs" AS (
  SELECT DISTINCT LEAST(c."id", s."id") AS "a", GREATEST(c."id", s."id") AS "b"
    FROM "clients" c
    JOIN "clients" s ON s."id" = c."spouse_id" AND s."id" <> c."id"
   WHERE s."spouse_id" = c."id"
      OR (s."spouse_id" IS NULL AND NOT EXISTS (SELECT 1 FROM "clients" o WHERE o."spouse_id" = s."id" AND o."id" <> c."id"))
), "owned" AS (
  SELECT p."a", p."b",
         COALESCE((SELECT ep."client_id" FROM "estate_plans" ep WHERE ep."client_id" IN (p."a", p."b")
                    ORDER BY ep."created_at" DESC, ep."id" DESC LIMIT 1), p."a") AS "owner1"
    FROM "pairs" p
)
INSERT INTO "households" ("hash", "owner1_client_id", "owner2_client_id", "created_at")
SELECT "migration_0003_new_hash"(), o."owner1", CASE WHEN o."owner1" = o."a" THEN o."b" ELSE o."a" END, LEAST(ca."created_at", cb."created_at")
  FROM "owned" o
  JOIN "clients" ca ON ca."id" = o."a"
  JOIN "clients" cb ON cb."id" = o."b"
 ORDER BY o."a";--> statement-breakpoint
-- Households 2: every other client is a household of one.
INSERT INTO "households" ("hash", "owner1_client_id", "created_at")
SELECT "migration_0003_new_hash"(), c."id", c."created_at"
  FROM "clients" c
 WHERE NOT EXISTS (SELECT 1 FROM "households" h WHERE c."id" IN (h."owner1_client_id", h."owner2_client_id"))
 ORDER BY c."id";--> statement-breakpoint
-- Plans hang off owner 1.
UPDATE "estate_plans" ep SET "client_id" = h."owner1_client_id" FROM "households" h WHERE ep."client_id" = h."owner2_client_id";--> statement-breakpoint
-- One note per household, on owner 1: owner 2's text is appended to owner 1's note, or the note moves.
UPDATE "notes" n1 SET "body" = concat_ws(E'\n\n', NULLIF(n1."body", ''), n2."body")
  FROM "households" h, "notes" n2
 WHERE n1."client_id" = h."owner1_client_id" AND n2."client_id" = h."owner2_client_id" AND n2."body" <> '';--> statement-breakpoint
DELETE FROM "notes" n2 USING "households" h, "notes" n1
 WHERE n2."client_id" = h."owner2_client_id" AND n1."client_id" = h."owner1_client_id";--> statement-breakpoint
UPDATE "notes" n SET "client_id" = h."owner1_client_id" FROM "households" h WHERE n."client_id" = h."owner2_client_id";--> statement-breakpoint
-- A submitted household's current plan records its submission: when it was first sent for review and by
-- whom, or, without that history, the plan's last change and no user.
UPDATE "estate_plans" ep
   SET "submitted_at" = COALESCE(sent."created_at", ep."updated_at"), "submitted_by_user_id" = sent."changed_by_user_id"
  FROM (
    SELECT DISTINCT ON (h."id") p."id" AS "plan_id"
      FROM "households" h
      JOIN "estate_plans" p ON p."client_id" = h."owner1_client_id"
     WHERE EXISTS (SELECT 1 FROM "clients" c WHERE c."id" IN (h."owner1_client_id", h."owner2_client_id") AND c."is_trust_submitted")
     ORDER BY h."id", p."created_at" DESC, p."id" DESC
  ) cur
  LEFT JOIN LATERAL (
    SELECT sc."created_at", sc."changed_by_user_id" FROM "estate_plan_status_changes" sc
     WHERE sc."estate_plan_id" = cur."plan_id" AND sc."to_status" = 'sent'
     ORDER BY sc."created_at", sc."id" LIMIT 1
  ) sent ON true
 WHERE ep."id" = cur."plan_id";--> statement-breakpoint
-- A joined invite points at the client record of the user who joined.
UPDATE "invites" i SET "client_id" = (SELECT c."id" FROM "clients" c WHERE c."user_id" = i."joined_user_id" ORDER BY c."id" LIMIT 1)
 WHERE i."joined_user_id" IS NOT NULL;--> statement-breakpoint
-- Bank payment methods stored before the account type was asked for: checking, the usual account for ACH.
UPDATE "payment_methods" SET "bank_account_type" = 'checking' WHERE "kind" = 'bank';--> statement-breakpoint
-- States become two-letter codes (a full name is translated); anything else becomes Unanswered.
UPDATE "clients" SET "residence_state" = "migration_0003_state_code"("residence_state") WHERE "residence_state" IS NOT NULL;--> statement-breakpoint
UPDATE "clients" SET "trust_governing_state" = "migration_0003_state_code"("trust_governing_state") WHERE "trust_governing_state" IS NOT NULL;--> statement-breakpoint
UPDATE "addresses" SET "state" = "migration_0003_state_code"("state") WHERE "state" IS NOT NULL;--> statement-breakpoint
-- ZIP: five digits. A ZIP+4 keeps its first five; anything else becomes Unanswered.
UPDATE "addresses" SET "zip" = CASE WHEN regexp_replace("zip", '[^0-9]', '', 'g') ~ '^[0-9]{5}([0-9]{4})?$'
                                    THEN left(regexp_replace("zip", '[^0-9]', '', 'g'), 5) END
 WHERE "zip" IS NOT NULL AND "zip" !~ '^[0-9]{5}$';--> statement-breakpoint
-- Out-of-range answers become Unanswered; percentages are clamped to 0..100 as the form does on blur.
UPDATE "properties" SET "purchase_month" = NULL WHERE "purchase_month" NOT BETWEEN 1 AND 12;--> statement-breakpoint
UPDATE "properties" SET "purchase_year" = NULL WHERE "purchase_year" < 1900;--> statement-breakpoint
UPDATE "clients" SET "trust_times_amended" = NULL WHERE "trust_times_amended" NOT BETWEEN 0 AND 99;--> statement-breakpoint
UPDATE "client_fiduciaries" SET "serve_order" = NULL WHERE "serve_order" NOT BETWEEN 1 AND 99;--> statement-breakpoint
UPDATE "client_poa_agents" SET "serve_order" = NULL WHERE "serve_order" NOT BETWEEN 1 AND 99;--> statement-breakpoint
UPDATE "client_beneficiaries" SET "share_percent" = LEAST(GREATEST("share_percent", 0), 100) WHERE "share_percent" NOT BETWEEN 0 AND 100;--> statement-breakpoint
UPDATE "client_beneficiaries" SET "share_percent" = 0, "is_per_stirpes" = false
 WHERE "tier" = 'omitted' AND (COALESCE("share_percent", 0) <> 0 OR "is_per_stirpes");--> statement-breakpoint
UPDATE "client_companies" SET "share_percent" = LEAST(GREATEST("share_percent", 0), 100) WHERE "share_percent" NOT BETWEEN 0 AND 100;--> statement-breakpoint
UPDATE "client_companies" SET "stock_shares" = NULL WHERE "stock_shares" < 0;--> statement-breakpoint
UPDATE "addresses" SET "value" = NULL WHERE "value" < 0;--> statement-breakpoint
UPDATE "gifts" SET "cash_amount" = NULL WHERE "cash_amount" < 0;--> statement-breakpoint
UPDATE "accounts" SET "value" = NULL WHERE "value" < 0;--> statement-breakpoint
-- A gift keeps only the column of its type.
UPDATE "gifts"
   SET "address_id" = CASE WHEN "gift_type" = 'property' THEN "address_id" END,
       "cash_amount" = CASE WHEN "gift_type" = 'cash' THEN "cash_amount" END,
       "specific_item" = CASE WHEN "gift_type" = 'item' THEN "specific_item" END
 WHERE ("gift_type" <> 'property' AND "address_id" IS NOT NULL)
    OR ("gift_type" <> 'cash' AND "cash_amount" IS NOT NULL)
    OR ("gift_type" <> 'item' AND "specific_item" IS NOT NULL);--> statement-breakpoint
-- One primary residence per owner: the earliest property keeps the mark.
UPDATE "client_properties" cp SET "is_primary" = false
 WHERE cp."is_primary"
   AND EXISTS (SELECT 1 FROM "client_properties" o WHERE o."client_id" = cp."client_id" AND o."is_primary" AND o."property_id" < cp."property_id");--> statement-breakpoint
-- Beneficiaries match their type. A "person" with a name but no person row is an entity, an "entity" with a
-- person row but no name is a person; a person with neither gets an empty person row (its shares and gifts
-- stay), an entity with neither an empty name; then the other type's columns are cleared.
UPDATE "beneficiaries" SET "type" = 'entity' WHERE "type" = 'person' AND "person_id" IS NULL AND "entity_name" IS NOT NULL;--> statement-breakpoint
UPDATE "beneficiaries" SET "type" = 'person' WHERE "type" = 'entity' AND "entity_name" IS NULL AND "person_id" IS NOT NULL;--> statement-breakpoint
DO $$
DECLARE
  b record;
  p integer;
BEGIN
  FOR b IN SELECT "id" FROM "beneficiaries" WHERE "type" = 'person' AND "person_id" IS NULL ORDER BY "id" LOOP
    INSERT INTO "persons" ("hash") VALUES ("migration_0003_new_hash"()) RETURNING "id" INTO p;
    UPDATE "beneficiaries" SET "person_id" = p WHERE "id" = b."id";
  END LOOP;
END
$$;--> statement-breakpoint
UPDATE "beneficiaries" SET "entity_name" = '' WHERE "type" = 'entity' AND "entity_name" IS NULL;--> statement-breakpoint
UPDATE "beneficiaries"
   SET "entity_name" = NULL, "entity_identifier_cipher" = NULL, "entity_identifier_last4" = NULL, "entity_date" = NULL, "is_trust" = false
 WHERE "type" = 'person'
   AND ("entity_name" IS NOT NULL OR "entity_identifier_cipher" IS NOT NULL OR "entity_identifier_last4" IS NOT NULL OR "entity_date" IS NOT NULL OR "is_trust");--> statement-breakpoint
UPDATE "beneficiaries" SET "person_id" = NULL WHERE "type" = 'entity' AND "person_id" IS NOT NULL;--> statement-breakpoint
-- Identifiers stored before their kind was: TIN, the umbrella term that covers both SSNs and EINs.
UPDATE "beneficiaries" SET "entity_identifier_kind" = 'tin' WHERE "entity_identifier_cipher" IS NOT NULL;--> statement-breakpoint
DROP FUNCTION "migration_0003_state_code"(text);--> statement-breakpoint
DROP FUNCTION "migration_0003_new_hash"();--> statement-breakpoint
-- The pairing now lives in households only.
ALTER TABLE "clients" DROP CONSTRAINT "clients_spouse_id_clients_id_fk";
--> statement-breakpoint
DROP INDEX "clients_spouse_idx";--> statement-breakpoint
ALTER TABLE "clients" DROP COLUMN "spouse_id";--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_household_owner1_fk" FOREIGN KEY ("client_id") REFERENCES "public"."households"("owner1_client_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "estate_plans" ADD CONSTRAINT "estate_plans_submitted_by_user_id_users_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_plans" ADD CONSTRAINT "estate_plans_submitted_by_impersonator_user_id_users_id_fk" FOREIGN KEY ("submitted_by_impersonator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_plans" ADD CONSTRAINT "estate_plans_household_owner1_fk" FOREIGN KEY ("client_id") REFERENCES "public"."households"("owner1_client_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_properties_one_primary_idx" ON "client_properties" USING btree ("client_id") WHERE "client_properties"."is_primary";--> statement-breakpoint
CREATE INDEX "invites_client_idx" ON "invites" USING btree ("client_id");--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_residence_state_check" CHECK ("clients"."residence_state" in ('AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'PR', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VI', 'VA', 'WA', 'WV', 'WI', 'WY'));--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_trust_governing_state_check" CHECK ("clients"."trust_governing_state" in ('AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'PR', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VI', 'VA', 'WA', 'WV', 'WI', 'WY'));--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_trust_times_amended_check" CHECK ("clients"."trust_times_amended" between 0 and 99);--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_type_columns_check" CHECK (("beneficiaries"."type" = 'person' and "beneficiaries"."person_id" is not null and "beneficiaries"."entity_name" is null and "beneficiaries"."entity_identifier_cipher" is null and "beneficiaries"."entity_identifier_last4" is null and "beneficiaries"."entity_identifier_kind" is null and "beneficiaries"."entity_date" is null and not "beneficiaries"."is_trust")
        or ("beneficiaries"."type" = 'entity' and "beneficiaries"."entity_name" is not null and "beneficiaries"."person_id" is null));--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_identifier_kind_check" CHECK ("beneficiaries"."entity_identifier_cipher" is null or "beneficiaries"."entity_identifier_kind" is not null);--> statement-breakpoint
ALTER TABLE "client_beneficiaries" ADD CONSTRAINT "client_beneficiaries_share_percent_check" CHECK ("client_beneficiaries"."share_percent" between 0 and 100);--> statement-breakpoint
ALTER TABLE "client_beneficiaries" ADD CONSTRAINT "client_beneficiaries_omitted_check" CHECK ("client_beneficiaries"."tier" is distinct from 'omitted' or (coalesce("client_beneficiaries"."share_percent", 0) = 0 and not "client_beneficiaries"."is_per_stirpes"));--> statement-breakpoint
ALTER TABLE "client_fiduciaries" ADD CONSTRAINT "client_fiduciaries_serve_order_check" CHECK ("client_fiduciaries"."serve_order" between 1 and 99);--> statement-breakpoint
ALTER TABLE "client_poa_agents" ADD CONSTRAINT "client_poa_agents_serve_order_check" CHECK ("client_poa_agents"."serve_order" between 1 and 99);--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_value_check" CHECK ("accounts"."value" >= 0);--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_state_check" CHECK ("addresses"."state" in ('AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'PR', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VI', 'VA', 'WA', 'WV', 'WI', 'WY'));--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_zip_check" CHECK ("addresses"."zip" ~ '^[0-9]{5}$');--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_value_check" CHECK ("addresses"."value" >= 0);--> statement-breakpoint
ALTER TABLE "client_companies" ADD CONSTRAINT "client_companies_share_percent_check" CHECK ("client_companies"."share_percent" between 0 and 100);--> statement-breakpoint
ALTER TABLE "client_companies" ADD CONSTRAINT "client_companies_stock_shares_check" CHECK ("client_companies"."stock_shares" between 0 and 9007199254740991);--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_cash_amount_check" CHECK ("gifts"."cash_amount" >= 0);--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_type_columns_check" CHECK (("gifts"."gift_type" = 'property' or "gifts"."address_id" is null) and ("gifts"."gift_type" = 'cash' or "gifts"."cash_amount" is null) and ("gifts"."gift_type" = 'item' or "gifts"."specific_item" is null));--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_purchase_month_check" CHECK ("properties"."purchase_month" between 1 and 12);--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_purchase_year_check" CHECK ("properties"."purchase_year" >= 1900);--> statement-breakpoint
ALTER TABLE "estate_plans" ADD CONSTRAINT "estate_plans_submitted_by_check" CHECK ("estate_plans"."submitted_by_user_id" is null or "estate_plans"."submitted_at" is not null);--> statement-breakpoint
ALTER TABLE "estate_plans" ADD CONSTRAINT "estate_plans_submitted_impersonator_check" CHECK ("estate_plans"."submitted_by_impersonator_user_id" is null or "estate_plans"."submitted_by_user_id" is not null);--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_bank_account_type_check" CHECK (("payment_methods"."kind" = 'bank') = ("payment_methods"."bank_account_type" is not null));--> statement-breakpoint
-- Each client is an owner of one household at most. The unique owner columns cover each column on its own;
-- this trigger (hand-written: drizzle-kit does not track triggers) covers a client being owner 1 of one
-- household and owner 2 of another. Writers over the same clients take turns on the clients' rows, so two
-- transactions cannot claim one client at once.
CREATE FUNCTION "households_one_per_client"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "clients" WHERE "id" IN (NEW."owner1_client_id", NEW."owner2_client_id") FOR NO KEY UPDATE;
  IF EXISTS (
    SELECT 1 FROM "households" h
     WHERE h."id" <> NEW."id"
       AND (h."owner1_client_id" IN (NEW."owner1_client_id", NEW."owner2_client_id")
         OR h."owner2_client_id" IN (NEW."owner1_client_id", NEW."owner2_client_id"))
  ) THEN
    RAISE EXCEPTION 'A client can belong to one household only (client % or %).', NEW."owner1_client_id", NEW."owner2_client_id"
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'households_one_per_client';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "households_one_per_client" BEFORE INSERT OR UPDATE OF "owner1_client_id", "owner2_client_id" ON "households"
  FOR EACH ROW EXECUTE FUNCTION "households_one_per_client"();
