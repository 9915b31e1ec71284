/** The audit trail (issue 36): who changed what, through which app, from where. */
export const audit = `
CREATE TABLE audit_events (
  -- Insertion order: events of one millisecond still read back in the order they happened.
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  at INTEGER NOT NULL,
  action TEXT NOT NULL,
  actor_user_id TEXT,
  client_id TEXT,
  survey_id TEXT,
  workspace_id TEXT,
  address TEXT,
  detail TEXT NOT NULL
);
CREATE INDEX audit_events_at ON audit_events (at);
CREATE INDEX audit_events_actor ON audit_events (actor_user_id, at);
CREATE INDEX audit_events_survey ON audit_events (survey_id, at);
CREATE INDEX audit_events_workspace ON audit_events (workspace_id, at);
`;
