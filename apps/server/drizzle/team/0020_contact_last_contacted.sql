-- A contact keeps when they were last contacted (their last note added or message), which their board card shows; backfilled from the notes and messages already in their history, leaving out imported and restored notes.
ALTER TABLE "contacts" ADD COLUMN "last_contacted_at" timestamp with time zone;--> statement-breakpoint
UPDATE "contacts" AS c SET "last_contacted_at" = made.at
FROM (
  SELECT team_id, contact_id, max(created_at) AS at FROM "activities"
  WHERE type = 'message' OR (type = 'note' AND action = 'added' AND NOT (data ? 'importId') AND NOT (data ? 'restored'))
  GROUP BY team_id, contact_id
) AS made
WHERE c.team_id = made.team_id AND c.id = made.contact_id;
