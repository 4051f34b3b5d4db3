// Distillation run ids are unique.
CREATE CONSTRAINT run_id IF NOT EXISTS FOR (r:DistillationRun) REQUIRE r.id IS UNIQUE
