CREATE TABLE "activities" (
	"team_id" text NOT NULL,
	"id" text NOT NULL,
	"contact_id" text NOT NULL,
	"pipeline_id" text,
	"type" text NOT NULL,
	"action" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL,
	"created_by_uid" text NOT NULL,
	"note" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "activities_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE TABLE "contact_pipelines" (
	"team_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"pipeline_id" text NOT NULL,
	"stage_id" text NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rank" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_pipelines_team_id_contact_id_pipeline_id_pk" PRIMARY KEY("team_id","contact_id","pipeline_id")
);
--> statement-breakpoint
CREATE TABLE "contact_sources" (
	"team_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"platform" text NOT NULL,
	"profile_id" text,
	"username" text,
	"url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_sources_team_id_contact_id_platform_pk" PRIMARY KEY("team_id","contact_id","platform")
);
--> statement-breakpoint
CREATE TABLE "contact_tags" (
	"team_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"tag_id" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_tags_team_id_contact_id_tag_id_pk" PRIMARY KEY("team_id","contact_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"team_id" text NOT NULL,
	"id" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email_address" text,
	"phone_number" text,
	"photo_url" text,
	"handles" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce("contacts"."name", '') || ' ' || coalesce("contacts"."email_address", '') || ' ' || coalesce("contacts"."phone_number", '') || ' ' || coalesce("contacts"."handles", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"team_id" text NOT NULL,
	"id" text NOT NULL,
	"contact_id" text NOT NULL,
	"pipeline_id" text,
	"name" text NOT NULL,
	"value" numeric(14, 2) DEFAULT '0' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deals_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE TABLE "filter_sets" (
	"team_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"owner_uid" text NOT NULL,
	"filter" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "filter_sets_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"team_id" text NOT NULL,
	"id" text NOT NULL,
	"contact_id" text NOT NULL,
	"text" text NOT NULL,
	"created_by_uid" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notes_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE TABLE "phases" (
	"team_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"rank" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phases_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE TABLE "pipelines" (
	"team_id" text NOT NULL,
	"id" text NOT NULL,
	"nick_name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"rank" text NOT NULL,
	"integrations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rules" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pipelines_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE TABLE "stage_history" (
	"team_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"pipeline_id" text NOT NULL,
	"id" text NOT NULL,
	"stage_id" text NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_uid" text,
	CONSTRAINT "stage_history_team_id_contact_id_pipeline_id_id_pk" PRIMARY KEY("team_id","contact_id","pipeline_id","id")
);
--> statement-breakpoint
CREATE TABLE "stages" (
	"team_id" text NOT NULL,
	"id" text NOT NULL,
	"pipeline_id" text NOT NULL,
	"name" text NOT NULL,
	"remote_id" text,
	"color" text NOT NULL,
	"font_color" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"phase_id" text,
	"rank" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stages_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE TABLE "status_labels" (
	"team_id" text NOT NULL,
	"id" text NOT NULL,
	"display" text NOT NULL,
	"color" text NOT NULL,
	"rank" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "status_labels_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE TABLE "tag_sets" (
	"team_id" text NOT NULL,
	"id" text NOT NULL,
	"pipeline_id" text,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"connection_id" text,
	"integrations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rank" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tag_sets_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"team_id" text NOT NULL,
	"id" text NOT NULL,
	"tag_set_id" text NOT NULL,
	"name" text NOT NULL,
	"value" text,
	"color" text,
	"remote_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE INDEX "activities_contact_idx" ON "activities" USING btree ("team_id","contact_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contact_pipelines_board_idx" ON "contact_pipelines" USING btree ("team_id","pipeline_id","stage_id","rank");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_sources_profile_key" ON "contact_sources" USING btree ("team_id","platform","profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_sources_username_key" ON "contact_sources" USING btree ("team_id","platform",lower("username"));--> statement-breakpoint
CREATE INDEX "contact_tags_tag_idx" ON "contact_tags" USING btree ("team_id","tag_id","contact_id");--> statement-breakpoint
CREATE INDEX "contacts_email_idx" ON "contacts" USING btree ("team_id",lower("email_address"));--> statement-breakpoint
CREATE INDEX "contacts_search_idx" ON "contacts" USING gin ("team_id","search_vector");--> statement-breakpoint
CREATE INDEX "contacts_name_trgm_idx" ON "contacts" USING gin ("team_id",lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_created_idx" ON "contacts" USING btree ("team_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_updated_idx" ON "contacts" USING btree ("team_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "deals_contact_idx" ON "deals" USING btree ("team_id","contact_id");--> statement-breakpoint
CREATE INDEX "deals_pipeline_idx" ON "deals" USING btree ("team_id","pipeline_id","status");--> statement-breakpoint
CREATE INDEX "notes_contact_idx" ON "notes" USING btree ("team_id","contact_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pipelines_name_key" ON "pipelines" USING btree ("team_id",lower("nick_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "stages_name_key" ON "stages" USING btree ("team_id","pipeline_id",lower("name"));--> statement-breakpoint
CREATE INDEX "stages_pipeline_idx" ON "stages" USING btree ("team_id","pipeline_id","rank");--> statement-breakpoint
CREATE UNIQUE INDEX "tag_sets_name_key" ON "tag_sets" USING btree ("team_id",coalesce("pipeline_id", ''),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_key" ON "tags" USING btree ("team_id","tag_set_id",lower("name"));