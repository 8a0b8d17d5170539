-- The bell's inbox: a teammate joined, a task assigned to me, my bulk action finished; read newest first, unread counted apart.
CREATE TABLE "inbox_items" (
	"team_id" text NOT NULL,
	"id" text NOT NULL,
	"user_uid" text NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_items_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE INDEX "inbox_items_user_idx" ON "inbox_items" USING btree ("team_id","user_uid","id");--> statement-breakpoint
CREATE INDEX "inbox_items_unread_idx" ON "inbox_items" USING btree ("team_id","user_uid") WHERE "inbox_items"."read_at" is null;