CREATE TABLE "team_change_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"change" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "team_change_outbox_team_idx" ON "team_change_outbox" USING btree ("team_id","id");