-- Every change to who a session acts as (the session itself, its user, the user's memberships) is
-- announced on the `session_access` channel with the user's id, once the change commits: a server
-- that remembers sessions between requests forgets that user's at once (platform/session-cache.ts).
-- A TRUNCATE announces '*', everyone.
CREATE OR REPLACE FUNCTION "announce_session_access"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('session_access', '*');
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN changed := to_jsonb(OLD); ELSE changed := to_jsonb(NEW); END IF;
  PERFORM pg_notify('session_access', changed ->> (CASE WHEN TG_TABLE_NAME = 'users' THEN 'id' ELSE 'user_id' END));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_announce_access" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "announce_session_access"();--> statement-breakpoint
CREATE TRIGGER "users_announce_access" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "announce_session_access"();--> statement-breakpoint
CREATE TRIGGER "team_members_announce_access" AFTER INSERT OR UPDATE OR DELETE ON "team_members"
  FOR EACH ROW EXECUTE FUNCTION "announce_session_access"();--> statement-breakpoint
CREATE TRIGGER "sessions_announce_truncate" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_session_access"();--> statement-breakpoint
CREATE TRIGGER "users_announce_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_session_access"();--> statement-breakpoint
CREATE TRIGGER "team_members_announce_truncate" AFTER TRUNCATE ON "team_members"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_session_access"();
