-- Which opening of the database claimed a set (Db.exclusive, or a process id on PostgreSQL):
-- on embedded PGlite only one process can have the database open, so a claim under another
-- holder was left by a process that died while preparing and is taken over at once
-- (decision 0376), not after the 10 minutes a claim takes to go stale.
ALTER TABLE prepared_set ADD COLUMN holder text;
