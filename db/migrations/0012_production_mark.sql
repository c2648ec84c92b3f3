CREATE TABLE "production_mark" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "production_mark_single_row" CHECK ("production_mark"."id")
);
