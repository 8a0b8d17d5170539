CREATE TABLE "workflow_inbox" (
	"team_id" text NOT NULL,
	"seq" bigserial NOT NULL,
	"activity_id" text NOT NULL,
	CONSTRAINT "workflow_inbox_team_id_seq_pk" PRIMARY KEY("team_id","seq")
);
--> statement-breakpoint
CREATE TABLE "workflow_runs" (
	"team_id" text NOT NULL,
	"id" text NOT NULL,
	"workflow_id" text NOT NULL,
	"version" integer NOT NULL,
	"contact_id" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"action" text DEFAULT '' NOT NULL,
	"activity_id" text,
	"depth" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_at" timestamp with time zone,
	"error" text,
	"log" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "workflow_runs_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE TABLE "workflow_versions" (
	"team_id" text NOT NULL,
	"workflow_id" text NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_versions_team_id_workflow_id_version_pk" PRIMARY KEY("team_id","workflow_id","version")
);
--> statement-breakpoint
CREATE TABLE "workflows" (
	"team_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'paused' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"trigger_type" text NOT NULL,
	"definition" jsonb NOT NULL,
	"created_by_uid" text NOT NULL,
	"fired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflows_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE INDEX "workflow_inbox_seq_idx" ON "workflow_inbox" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "workflow_runs_workflow_idx" ON "workflow_runs" USING btree ("team_id","workflow_id","started_at","id");--> statement-breakpoint
CREATE INDEX "workflow_runs_contact_idx" ON "workflow_runs" USING btree ("team_id","contact_id","workflow_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_runs_going_idx" ON "workflow_runs" USING btree ("team_id","workflow_id","contact_id") WHERE "workflow_runs"."status" in ('running', 'paused');--> statement-breakpoint
CREATE INDEX "workflow_runs_due_idx" ON "workflow_runs" USING btree ("next_at") WHERE "workflow_runs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "workflows_trigger_idx" ON "workflows" USING btree ("team_id","status","trigger_type");--> statement-breakpoint
-- Every change to a contact writes a history line in its transaction: the lines a workflow trigger
-- listens for go to the engine's inbox in that same transaction, so no path that changes a contact
-- can be missed and nothing is queued for a change that rolled back. Only teams with a running
-- workflow pay for it; one statement per batch, so an import of thousands of rows adds one insert.
CREATE FUNCTION workflow_inbox_on_activities() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  INSERT INTO workflow_inbox (team_id, activity_id)
  SELECT n.team_id, n.id FROM workflow_new n
  WHERE n.type IN ('pipeline', 'member_request', 'stage', 'tag', 'task', 'message')
    AND n.team_id IN (
      SELECT w.team_id FROM workflows w
      WHERE w.status = 'running' AND w.trigger_type NOT IN ('daysInStage', 'date')
    );
  RETURN NULL;
END
$body$;--> statement-breakpoint
CREATE TRIGGER workflow_inbox_activities AFTER INSERT ON activities REFERENCING NEW TABLE AS workflow_new
  FOR EACH STATEMENT EXECUTE FUNCTION workflow_inbox_on_activities();
