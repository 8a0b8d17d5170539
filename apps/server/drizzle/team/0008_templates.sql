CREATE TABLE "message_templates" (
	"team_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"text" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"type" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_templates_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE TABLE "task_templates" (
	"team_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"type" text DEFAULT '' NOT NULL,
	"assignee_uid" text,
	"due_in_days" integer DEFAULT 0 NOT NULL,
	"due_time" text,
	"reminder" text DEFAULT 'in-app' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_templates_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE INDEX "message_templates_category_idx" ON "message_templates" USING btree ("team_id","category");