-- Dashboards read hourly rollups kept by triggers in the transaction of each change (one statement per batch), backfilled here from history.
CREATE TABLE "kpi_hourly" (
	"team_id" text NOT NULL,
	"metric" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"pipeline_id" text NOT NULL,
	"member_uid" text NOT NULL,
	"dim" text NOT NULL,
	"origin" text NOT NULL,
	"bucket" integer NOT NULL,
	"n" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	CONSTRAINT "kpi_hourly_team_id_metric_hour_pipeline_id_member_uid_dim_origin_bucket_pk" PRIMARY KEY("team_id","metric","hour","pipeline_id","member_uid","dim","origin","bucket")
);
--> statement-breakpoint
-- The bucket of a time in stage: quarter powers of two of minutes, so a median is read within ~19%.
CREATE FUNCTION kpi_time_bucket(seconds numeric) RETURNS integer LANGUAGE sql IMMUTABLE AS $body$
  SELECT floor(4 * ln(1 + greatest(seconds, 0) / 60.0) / ln(2))::integer
$body$;--> statement-breakpoint
-- The statement that adds (sign 1) or takes back (sign -1) facts: rows of (team_id, metric, hour,
-- pipeline_id, member_uid, dim, origin, bucket, n, amount), summed into the rollup in one statement
-- however many there are. A trigger runs it itself: only it sees its transition tables.
CREATE FUNCTION kpi_add_sql(facts text, sign integer) RETURNS text LANGUAGE sql IMMUTABLE AS $body$
  SELECT format($q$
    INSERT INTO kpi_hourly AS k (team_id, metric, hour, pipeline_id, member_uid, dim, origin, bucket, n, amount)
    SELECT team_id, metric, hour, pipeline_id, member_uid, dim, origin, bucket, %1$s * sum(n)::integer, %1$s * sum(amount)
    FROM (%2$s) f
    GROUP BY team_id, metric, hour, pipeline_id, member_uid, dim, origin, bucket
    ON CONFLICT (team_id, metric, hour, pipeline_id, member_uid, dim, origin, bucket)
    DO UPDATE SET n = k.n + excluded.n, amount = k.amount + excluded.amount$q$, sign, facts)
$body$;--> statement-breakpoint
-- The facts in activities (alias x): a contact added to a pipeline (a capture, and an entry into its
-- stage), a move to another stage, a deal won or lost (or added won or lost: its history says its
-- status). Shared by the trigger and the rebuild.
CREATE FUNCTION kpi_activity_facts(src text, filter text) RETURNS text LANGUAGE sql IMMUTABLE AS $body$
  SELECT format($q$
    SELECT x.team_id, 'captured' AS metric, date_trunc('hour', x.created_at, 'UTC') AS hour, x.pipeline_id,
      x.created_by_uid AS member_uid, coalesce(s.platform, 'none') AS dim,
      CASE WHEN x.data ? 'importId' THEN 'import' WHEN x.data ? 'bulkJobId' THEN 'bulk' ELSE 'direct' END AS origin,
      0 AS bucket, 1 AS n, 0::numeric AS amount
    FROM %1$s x
    LEFT JOIN (
      SELECT DISTINCT ON (cs.team_id, cs.contact_id) cs.team_id, cs.contact_id, cs.platform
      FROM contact_sources cs
      WHERE (cs.team_id, cs.contact_id) IN (
        SELECT x.team_id, x.contact_id FROM %1$s x WHERE x.type = 'pipeline' AND x.action = 'added' AND %2$s)
      ORDER BY cs.team_id, cs.contact_id, cs.created_at, cs.platform
    ) s ON s.team_id = x.team_id AND s.contact_id = x.contact_id
    WHERE x.type = 'pipeline' AND x.action = 'added' AND x.pipeline_id IS NOT NULL AND %2$s
    UNION ALL
    SELECT x.team_id, 'stage_entered', date_trunc('hour', x.created_at, 'UTC'), x.pipeline_id, x.created_by_uid,
      CASE WHEN x.type = 'stage' THEN x.data->>'to' ELSE x.data->>'stageUID' END, '', 0, 1, 0
    FROM %1$s x
    WHERE x.pipeline_id IS NOT NULL AND %2$s
      AND ((x.type = 'stage' AND x.action = 'changed' AND x.data ? 'to')
        OR (x.type = 'pipeline' AND x.action = 'added' AND x.data ? 'stageUID'))
    UNION ALL
    SELECT x.team_id, 'deal_' || CASE WHEN x.action = 'added' THEN x.data->>'status' ELSE x.action END,
      date_trunc('hour', x.created_at, 'UTC'), coalesce(x.pipeline_id, ''), x.created_by_uid,
      coalesce(x.data->>'currency', 'USD'), '', 0, 1, coalesce((x.data->>'value')::numeric, 0)
    FROM %1$s x
    WHERE x.type = 'deal' AND %2$s
      AND (x.action IN ('won', 'lost') OR (x.action = 'added' AND x.data->>'status' IN ('won', 'lost')))
  $q$, src, filter)
$body$;--> statement-breakpoint
-- The facts in stage history (alias x): leaving the stage entered before, with the time spent there.
CREATE FUNCTION kpi_stage_facts(src text, filter text) RETURNS text LANGUAGE sql IMMUTABLE AS $body$
  SELECT format($q$
    SELECT x.team_id, 'stage_left' AS metric, date_trunc('hour', x.entered_at, 'UTC') AS hour, x.pipeline_id,
      coalesce(x.by_uid, '') AS member_uid, p.stage_id AS dim, '' AS origin,
      kpi_time_bucket(extract(epoch FROM x.entered_at - p.entered_at)::numeric) AS bucket, 1 AS n,
      greatest(extract(epoch FROM x.entered_at - p.entered_at), 0)::numeric AS amount
    FROM %1$s x
    CROSS JOIN LATERAL (
      SELECT h.stage_id, h.entered_at FROM stage_history h
      WHERE h.team_id = x.team_id AND h.contact_id = x.contact_id AND h.pipeline_id = x.pipeline_id AND h.id < x.id
      ORDER BY h.id DESC LIMIT 1
    ) p
    WHERE %2$s
  $q$, src, filter)
$body$;--> statement-breakpoint
-- The facts in tasks (alias x): a completed task, on time when done by its due time (by the end of its
-- due day in its time zone when it has no time), else late.
CREATE FUNCTION kpi_task_facts(src text, filter text) RETURNS text LANGUAGE sql IMMUTABLE AS $body$
  SELECT format($q$
    SELECT x.team_id, 'task_done' AS metric, date_trunc('hour', x.completed_at, 'UTC') AS hour, '' AS pipeline_id,
      x.assignee_uid AS member_uid,
      CASE WHEN x.completed_at <= CASE WHEN x.due_time IS NULL
          THEN (x.due_date::date + 1)::timestamp AT TIME ZONE x.time_zone ELSE x.due_at END
        THEN 'on_time' ELSE 'late' END AS dim,
      '' AS origin, 0 AS bucket, 1 AS n, 0::numeric AS amount
    FROM %1$s x
    WHERE x.status = 'completed' AND x.completed_at IS NOT NULL AND x.deleted_at IS NULL AND %2$s
  $q$, src, filter)
$body$;--> statement-breakpoint
CREATE FUNCTION kpi_on_activities() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  EXECUTE kpi_add_sql(kpi_activity_facts('kpi_new', 'true'), 1);
  RETURN NULL;
END
$body$;--> statement-breakpoint
CREATE FUNCTION kpi_on_stage_history() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  EXECUTE kpi_add_sql(kpi_stage_facts('kpi_new', 'true'), 1);
  RETURN NULL;
END
$body$;--> statement-breakpoint
CREATE FUNCTION kpi_on_tasks() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN EXECUTE kpi_add_sql(kpi_task_facts('kpi_old', 'true'), -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN EXECUTE kpi_add_sql(kpi_task_facts('kpi_new', 'true'), 1); END IF;
  RETURN NULL;
END
$body$;--> statement-breakpoint
-- One statement per batch: a bulk move or an import of thousands of rows updates the rollup once.
CREATE TRIGGER kpi_activities AFTER INSERT ON activities REFERENCING NEW TABLE AS kpi_new
  FOR EACH STATEMENT EXECUTE FUNCTION kpi_on_activities();--> statement-breakpoint
CREATE TRIGGER kpi_stage_history AFTER INSERT ON stage_history REFERENCING NEW TABLE AS kpi_new
  FOR EACH STATEMENT EXECUTE FUNCTION kpi_on_stage_history();--> statement-breakpoint
CREATE TRIGGER kpi_tasks_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS kpi_new
  FOR EACH STATEMENT EXECUTE FUNCTION kpi_on_tasks();--> statement-breakpoint
CREATE TRIGGER kpi_tasks_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS kpi_old NEW TABLE AS kpi_new
  FOR EACH STATEMENT EXECUTE FUNCTION kpi_on_tasks();--> statement-breakpoint
CREATE TRIGGER kpi_tasks_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS kpi_old
  FOR EACH STATEMENT EXECUTE FUNCTION kpi_on_tasks();--> statement-breakpoint
-- Rebuilds the rollup of one team (all teams when null) from history: the backfill below, a repair,
-- and the bench seed, which loads rows with the triggers off.
CREATE FUNCTION kpi_rebuild(team text) RETURNS void LANGUAGE plpgsql AS $body$
DECLARE
  filter text := CASE WHEN team IS NULL THEN 'true' ELSE format('x.team_id = %L', team) END;
BEGIN
  DELETE FROM kpi_hourly WHERE team IS NULL OR team_id = team;
  EXECUTE kpi_add_sql(kpi_activity_facts('activities', filter), 1);
  EXECUTE kpi_add_sql(kpi_stage_facts('stage_history', filter), 1);
  EXECUTE kpi_add_sql(kpi_task_facts('tasks', filter), 1);
END
$body$;--> statement-breakpoint
-- Turns the rollup's triggers off (a bulk load that rebuilds afterwards) or back on.
CREATE FUNCTION kpi_set_triggers(enabled boolean) RETURNS void LANGUAGE plpgsql AS $body$
DECLARE
  verb text := CASE WHEN enabled THEN 'ENABLE' ELSE 'DISABLE' END;
BEGIN
  EXECUTE format('ALTER TABLE activities %s TRIGGER kpi_activities', verb);
  EXECUTE format('ALTER TABLE stage_history %s TRIGGER kpi_stage_history', verb);
  EXECUTE format('ALTER TABLE tasks %s TRIGGER kpi_tasks_insert', verb);
  EXECUTE format('ALTER TABLE tasks %s TRIGGER kpi_tasks_update', verb);
  EXECUTE format('ALTER TABLE tasks %s TRIGGER kpi_tasks_delete', verb);
END
$body$;--> statement-breakpoint
SELECT kpi_rebuild(NULL);
