ALTER TABLE "households" ADD COLUMN "nudge_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "nudge_last_at" timestamp with time zone;