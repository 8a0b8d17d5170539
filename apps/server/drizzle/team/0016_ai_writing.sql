-- AI writing: the team's aiContext, each member's writing style, and the month's AI usage counted against the tier's allowance.
CREATE TABLE "ai_contexts" (
	"team_id" text PRIMARY KEY NOT NULL,
	"context" jsonb NOT NULL,
	"updated_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_usage" (
	"team_id" text NOT NULL,
	"month" text NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"tokens" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ai_usage_team_id_month_pk" PRIMARY KEY("team_id","month")
);
--> statement-breakpoint
CREATE TABLE "ai_writing_styles" (
	"team_id" text NOT NULL,
	"user_uid" text NOT NULL,
	"profile" text NOT NULL,
	"sample_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_writing_styles_team_id_user_uid_pk" PRIMARY KEY("team_id","user_uid")
);
