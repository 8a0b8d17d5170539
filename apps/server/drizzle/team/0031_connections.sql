CREATE TABLE "connections" (
	"team_id" text NOT NULL,
	"id" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"email_only" boolean DEFAULT false NOT NULL,
	"receives" jsonb NOT NULL,
	"settings" jsonb NOT NULL,
	"secrets" text NOT NULL,
	"secret_hints" jsonb NOT NULL,
	"failures_in_row" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connections_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE TABLE "contact_remote_ids" (
	"team_id" text NOT NULL,
	"connection_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"remote_id" text,
	"remote_item_id" text,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_remote_ids_team_id_connection_id_contact_id_pk" PRIMARY KEY("team_id","connection_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "sync_deliveries" (
	"team_id" text NOT NULL,
	"id" text NOT NULL,
	"connection_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"pipeline_id" text,
	"changes" jsonb NOT NULL,
	"status" text NOT NULL,
	"skip_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"payload" jsonb,
	"response_code" integer,
	"response_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sync_deliveries_team_id_id_pk" PRIMARY KEY("team_id","id")
);
--> statement-breakpoint
CREATE TABLE "sync_outbox" (
	"team_id" text NOT NULL,
	"seq" bigserial NOT NULL,
	"activity_id" text NOT NULL,
	CONSTRAINT "sync_outbox_team_id_seq_pk" PRIMARY KEY("team_id","seq")
);
--> statement-breakpoint
CREATE INDEX "sync_deliveries_log_idx" ON "sync_deliveries" USING btree ("team_id","connection_id","created_at","id");--> statement-breakpoint
CREATE INDEX "sync_deliveries_contact_idx" ON "sync_deliveries" USING btree ("team_id","contact_id","connection_id","created_at");--> statement-breakpoint
CREATE INDEX "sync_deliveries_due_idx" ON "sync_deliveries" USING btree ("due_at") WHERE "sync_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "sync_deliveries_leased_idx" ON "sync_deliveries" USING btree ("lease_until") WHERE "sync_deliveries"."status" = 'delivering';--> statement-breakpoint
CREATE UNIQUE INDEX "sync_deliveries_waiting_idx" ON "sync_deliveries" USING btree ("team_id","connection_id","contact_id","pipeline_id") WHERE "sync_deliveries"."status" = 'pending' and "sync_deliveries"."attempts" = 0;--> statement-breakpoint
CREATE INDEX "sync_outbox_seq_idx" ON "sync_outbox" USING btree ("seq");--> statement-breakpoint
-- The sync's counterpart of workflow_inbox (0029): every change of a contact writes a history line in
-- its transaction, so the lines a connection may receive go to the sync's outbox in that same
-- transaction. No path that changes a contact can skip the sync, and a change that rolled back sends
-- nothing. Only teams with an active connection pay for it: one statement per batch.
CREATE FUNCTION sync_outbox_on_activities() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  INSERT INTO sync_outbox (team_id, activity_id)
  SELECT n.team_id, n.id FROM sync_new n
  WHERE n.type IN ('contact', 'info', 'pipeline', 'stage', 'tag', 'note', 'task')
    AND n.team_id IN (SELECT c.team_id FROM connections c WHERE c.status = 'active');
  RETURN NULL;
END
$body$;--> statement-breakpoint
CREATE TRIGGER sync_outbox_activities AFTER INSERT ON activities REFERENCING NEW TABLE AS sync_new
  FOR EACH STATEMENT EXECUTE FUNCTION sync_outbox_on_activities();
