-- The message queue. "position" is a rank (packages/domain/src/rank.ts): it sorts by its bytes, as
-- migration 0021 made every rank column do.
CREATE TABLE "message_queue_items" (
	"team_id" text NOT NULL,
	"id" text NOT NULL,
	"platform" text NOT NULL,
	"contact_id" text NOT NULL,
	"queued_to" text NOT NULL,
	"queued_by" text NOT NULL,
	"template_id" text,
	"text" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"reason" text,
	"position" text COLLATE "C" NOT NULL,
	"allow_same_day" boolean DEFAULT false NOT NULL,
	"lease_id" text,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scheduled_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_queue_items_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE TABLE "message_queue_settings" (
	"team_id" text NOT NULL,
	"user_id" text NOT NULL,
	"platform" text NOT NULL,
	"settings" jsonb,
	"paused_until" timestamp with time zone,
	"pause_reason" text,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_queue_settings_team_id_user_id_platform_pk" PRIMARY KEY("team_id","user_id","platform")
);
--> statement-breakpoint
CREATE INDEX "message_queue_items_queue_idx" ON "message_queue_items" USING btree ("team_id","queued_to","platform","status","position","id");--> statement-breakpoint
CREATE INDEX "message_queue_items_sent_idx" ON "message_queue_items" USING btree ("team_id","queued_to","platform","sent_at") WHERE "message_queue_items"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "message_queue_items_contact_idx" ON "message_queue_items" USING btree ("team_id","contact_id","status");--> statement-breakpoint
CREATE INDEX "message_queue_items_updated_idx" ON "message_queue_items" USING btree ("team_id","queued_to","status","updated_at","id");