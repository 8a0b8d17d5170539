CREATE TABLE "task_reminders" (
	"team_id" text NOT NULL,
	"id" text NOT NULL,
	"task_id" text NOT NULL,
	"user_uid" text NOT NULL,
	"task_name" text NOT NULL,
	"channel" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_reminders_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE INDEX "task_reminders_user_idx" ON "task_reminders" USING btree ("team_id","user_uid","created_at");