CREATE TABLE "funding_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"household_id" integer NOT NULL,
	"task_key" text NOT NULL,
	"kind" text NOT NULL,
	"owner" text NOT NULL,
	"title" text NOT NULL,
	"value" numeric(14, 2),
	"status" text DEFAULT 'not-started' NOT NULL,
	"reason" text,
	"updated_by_user_id" integer,
	"status_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "funding_tasks_hash_unique" UNIQUE("hash"),
	CONSTRAINT "funding_tasks_status_check" CHECK ("funding_tasks"."status" in ('not-started', 'in-progress', 'done', 'not-needed')),
	CONSTRAINT "funding_tasks_kind_check" CHECK ("funding_tasks"."kind" in ('real-estate', 'bank', 'brokerage', 'retirement', 'annuity', 'company', 'gift')),
	CONSTRAINT "funding_tasks_owner_check" CHECK ("funding_tasks"."owner" in ('1', '2', 'both'))
);
--> statement-breakpoint
ALTER TABLE "funding_tasks" ADD CONSTRAINT "funding_tasks_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_tasks" ADD CONSTRAINT "funding_tasks_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "funding_tasks_household_key_unique" ON "funding_tasks" USING btree ("household_id","task_key");