CREATE TABLE "selector_miss_reporters" (
	"user_id" text NOT NULL,
	"day" text NOT NULL,
	"reports" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "selector_miss_reporters_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "selector_misses" (
	"platform" text NOT NULL,
	"page_kind" text NOT NULL,
	"selector_id" text NOT NULL,
	"extension_version" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "selector_misses_platform_page_kind_selector_id_extension_version_pk" PRIMARY KEY("platform","page_kind","selector_id","extension_version")
);
--> statement-breakpoint
CREATE TABLE "selector_packs" (
	"platform" text NOT NULL,
	"version" integer NOT NULL,
	"pack" jsonb NOT NULL,
	"created_by_uid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "selector_packs_platform_version_pk" PRIMARY KEY("platform","version")
);
--> statement-breakpoint
ALTER TABLE "selector_miss_reporters" ADD CONSTRAINT "selector_miss_reporters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "selector_misses_last_seen_idx" ON "selector_misses" USING btree ("last_seen_at");