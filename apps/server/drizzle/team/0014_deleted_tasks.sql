-- A deleted task is kept (its Undo brings back the same task) until the purge, 30 days on.
ALTER TABLE "tasks" ADD COLUMN "deleted_at" timestamp with time zone;
