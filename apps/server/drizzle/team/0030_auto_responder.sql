-- Ranks sort by their bytes, as every rank column does (migration 0021); Drizzle cannot declare the collation.
CREATE TABLE "auto_responder_answers" (
	"team_id" text NOT NULL,
	"job_id" text NOT NULL,
	"commenter_key" text NOT NULL,
	"comment_id" text NOT NULL,
	"contact_id" text,
	"queue_item_id" text,
	"matched_word" text NOT NULL,
	"reply_text" text,
	"reply_status" text DEFAULT 'none' NOT NULL,
	"reply_error" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_responder_answers_team_id_job_id_commenter_key_pk" PRIMARY KEY("team_id","job_id","commenter_key")
);
--> statement-breakpoint
CREATE TABLE "auto_responder_comments" (
	"team_id" text NOT NULL,
	"job_id" text NOT NULL,
	"comment_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_responder_comments_team_id_job_id_comment_id_pk" PRIMARY KEY("team_id","job_id","comment_id")
);
--> statement-breakpoint
CREATE TABLE "auto_responder_groups" (
	"team_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'paused' NOT NULL,
	"rank" text COLLATE "C" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_responder_groups_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE TABLE "auto_responder_jobs" (
	"team_id" text NOT NULL,
	"id" text NOT NULL,
	"group_id" text NOT NULL,
	"name" text NOT NULL,
	"platform" text NOT NULL,
	"permalink_url" text NOT NULL,
	"trigger_words" jsonb NOT NULL,
	"reply_template_id" text,
	"message_template_id" text,
	"tag_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pipeline_id" text,
	"stage_id" text,
	"rank" text COLLATE "C" NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_by_uid" text NOT NULL,
	"seen" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"replied" integer DEFAULT 0 NOT NULL,
	"messaged" integer DEFAULT 0 NOT NULL,
	"captured" integer DEFAULT 0 NOT NULL,
	"last_visited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_responder_jobs_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE INDEX "auto_responder_answers_comment_idx" ON "auto_responder_answers" USING btree ("team_id","job_id","comment_id");--> statement-breakpoint
CREATE INDEX "auto_responder_jobs_group_idx" ON "auto_responder_jobs" USING btree ("team_id","group_id","rank");