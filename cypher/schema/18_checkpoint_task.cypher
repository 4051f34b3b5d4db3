// Serves checkpoint reads: the latest checkpoints of a task in a namespace.
CREATE INDEX checkpoint_task IF NOT EXISTS FOR (c:Checkpoint) ON (c.namespace, c.task, c.at)
