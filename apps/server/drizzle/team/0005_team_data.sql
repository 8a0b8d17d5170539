CREATE TABLE "orphaned_tags" (
	"team_id" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"contact_id" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orphaned_tags_team_id_key_contact_id_pk" PRIMARY KEY("team_id","key","contact_id")
);
--> statement-breakpoint
CREATE TABLE "saved_tag_posts" (
	"team_id" text NOT NULL,
	"id" text NOT NULL,
	"platform" text NOT NULL,
	"url" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"tag_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by_uid" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_tag_posts_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE TABLE "team_questions" (
	"team_id" text NOT NULL,
	"id" text NOT NULL,
	"text" text NOT NULL,
	"answer_field" text DEFAULT 'none' NOT NULL,
	"rank" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_questions_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE TABLE "test_questions" (
	"team_id" text NOT NULL,
	"id" text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_questions_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "saved_tag_posts_url_key" ON "saved_tag_posts" USING btree ("team_id","url");--> statement-breakpoint
CREATE UNIQUE INDEX "team_questions_text_key" ON "team_questions" USING btree ("team_id",lower("text"));