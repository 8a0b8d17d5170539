-- The hourly purge finds deleted tasks through this small index rather than reading every task.
CREATE INDEX "tasks_deleted_idx" ON "tasks" USING btree ("team_id","deleted_at") WHERE "tasks"."deleted_at" is not null;
