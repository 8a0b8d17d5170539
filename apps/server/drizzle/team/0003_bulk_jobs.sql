CREATE TABLE "bulk_jobs" (
	"team_id" text NOT NULL,
	"id" text NOT NULL,
	"action" jsonb NOT NULL,
	"contact_ids" jsonb NOT NULL,
	"total" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"created_by_uid" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_jobs_team_id_id_pk" PRIMARY KEY("team_id","id")
);
