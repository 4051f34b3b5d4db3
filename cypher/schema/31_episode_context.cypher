// The window of turns around a turn is found through its session (30_episode_session), so
// the index that once served "which turns copied this one's words" is dropped.
DROP INDEX episode_context IF EXISTS
