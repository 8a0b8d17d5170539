CREATE TABLE "tasks" (
	"team_id" text NOT NULL,
	"id" text NOT NULL,
	"contact_id" text,
	"task_name" text NOT NULL,
	"assignee_uid" text NOT NULL,
	"due_date" text NOT NULL,
	"due_time" text,
	"time_zone" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"reminder" text DEFAULT 'in-app' NOT NULL,
	"repeat" jsonb,
	"occurrence" integer DEFAULT 1 NOT NULL,
	"series_id" text NOT NULL,
	"completed_at" timestamp with time zone,
	"created_by_uid" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE INDEX "tasks_assignee_idx" ON "tasks" USING btree ("team_id","assignee_uid","status","due_at");--> statement-breakpoint
CREATE INDEX "tasks_contact_idx" ON "tasks" USING btree ("team_id","contact_id","status");--> statement-breakpoint
CREATE INDEX "tasks_due_idx" ON "tasks" USING btree ("team_id","status","due_at");