CREATE TABLE "team_events" (
	"team_id" text NOT NULL,
	"id" bigserial NOT NULL,
	"entity" text NOT NULL,
	"op" text NOT NULL,
	"ids" jsonb NOT NULL,
	"data" jsonb,
	"pipeline_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_events_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE INDEX "team_events_created_idx" ON "team_events" USING btree ("team_id","created_at");