-- Messages count toward the KPIs and the Daily Goal: one sent by the queue (origin queue, with its
-- platform) and one written from a template and copied into a conversation (origin direct). The
-- rollup's other facts are unchanged; the messages already in history are added once.
CREATE OR REPLACE FUNCTION kpi_activity_facts(src text, filter text) RETURNS text LANGUAGE sql IMMUTABLE AS $body$
  SELECT format($q$
    SELECT x.team_id, 'captured' AS metric, date_trunc('hour', x.created_at, 'UTC') AS hour, x.pipeline_id,
      x.created_by_uid AS member_uid,
      coalesce((
        SELECT cs.platform FROM contact_sources cs
        WHERE cs.team_id = x.team_id AND cs.contact_id = x.contact_id
        ORDER BY cs.created_at, cs.platform LIMIT 1
      ), 'none') AS dim,
      CASE WHEN x.data ? 'importId' THEN 'import' WHEN x.data ? 'bulkJobId' THEN 'bulk' ELSE 'direct' END AS origin,
      0 AS bucket, 1 AS n, 0::numeric AS amount
    FROM %1$s x
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
    UNION ALL
    SELECT x.team_id, 'message_sent', date_trunc('hour', x.created_at, 'UTC'), coalesce(x.pipeline_id, ''),
      x.created_by_uid, coalesce(x.data->>'platform', 'none'),
      CASE WHEN x.action = 'sent' THEN 'queue' ELSE 'direct' END, 0, 1, 0
    FROM %1$s x
    WHERE x.type = 'message' AND x.action IN ('sent', 'copied') AND %2$s
  $q$, src, filter)
$body$;
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE kpi_add_sql(kpi_activity_facts('activities', 'x.type = ''message'''), 1);
END
$$;
