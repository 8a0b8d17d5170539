CREATE TABLE "app_notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"platform" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"link" text,
	"link_text" text,
	"font_color" text,
	"background_color" text,
	"background_icon" text,
	"position" text,
	"page_value" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "impersonations" (
	"id" text PRIMARY KEY NOT NULL,
	"super_user_id" text NOT NULL,
	"target_user_id" text NOT NULL,
	"reason" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "app_notifications_published_idx" ON "app_notifications" USING btree ("published","created_at");--> statement-breakpoint
CREATE INDEX "impersonations_target_idx" ON "impersonations" USING btree ("target_user_id","started_at");--> statement-breakpoint
CREATE INDEX "impersonations_super_idx" ON "impersonations" USING btree ("super_user_id","started_at");