/**
 * Survey tables. `answers` carries copies of its response's survey_id, status and submitted_at so
 * that filtered aggregates read one covering index and never join `responses`. `surveys` keeps
 * per-status response counters so listing and auto-close never count a million rows.
 */
export const surveys = `
CREATE TABLE workspaces (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE workspace_members (
  workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('admin', 'member')),
  PRIMARY KEY (workspace_id, user_id)
) WITHOUT ROWID;
CREATE INDEX workspace_members_user ON workspace_members(user_id);

CREATE TABLE surveys (
  id TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id),
  owner_id TEXT NOT NULL REFERENCES users(id),
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL CHECK (status IN ('draft', 'open', 'paused', 'closed', 'archived')),
  previous_status TEXT CHECK (previous_status IN ('draft', 'open', 'paused', 'closed', 'archived')),
  anonymous INTEGER NOT NULL DEFAULT 0,
  opens_at INTEGER,
  closes_at INTEGER,
  response_limit INTEGER,
  completed_count INTEGER NOT NULL DEFAULT 0,
  partial_count INTEGER NOT NULL DEFAULT 0,
  disqualified_count INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  published_at INTEGER,
  closed_at INTEGER,
  archived_at INTEGER
);
CREATE INDEX surveys_workspace ON surveys(workspace_id, created_at);
CREATE INDEX surveys_owner ON surveys(owner_id);

CREATE TABLE collaborators (
  survey_id TEXT NOT NULL REFERENCES surveys(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('viewer', 'analyst', 'editor')),
  granted_by TEXT NOT NULL REFERENCES users(id),
  granted_at INTEGER NOT NULL,
  PRIMARY KEY (survey_id, user_id)
) WITHOUT ROWID;
CREATE INDEX collaborators_user ON collaborators(user_id);

CREATE TABLE questions (
  id TEXT PRIMARY KEY,
  survey_id TEXT NOT NULL REFERENCES surveys(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('single_choice', 'multiple_choice', 'rating', 'nps', 'number',
    'short_text', 'long_text', 'date')),
  text TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  required INTEGER NOT NULL DEFAULT 0,
  settings TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX questions_survey ON questions(survey_id, position);

CREATE TABLE choices (
  id TEXT PRIMARY KEY,
  question_id TEXT NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  label TEXT NOT NULL,
  label_key TEXT NOT NULL,
  UNIQUE (question_id, label_key)
);
CREATE INDEX choices_question ON choices(question_id, position);

CREATE TABLE responses (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  survey_id TEXT NOT NULL REFERENCES surveys(id) ON DELETE CASCADE,
  status TEXT NOT NULL CHECK (status IN ('completed', 'partial', 'disqualified')),
  channel TEXT NOT NULL,
  respondent_email TEXT,
  respondent_name TEXT,
  started_at INTEGER NOT NULL,
  submitted_at INTEGER NOT NULL,
  duration_ms INTEGER
);
-- Keyset pagination, newest first; the rowid (seq) is the implicit tie-breaker at the end.
CREATE INDEX responses_survey_time ON responses(survey_id, submitted_at);
CREATE INDEX responses_survey_status_time ON responses(survey_id, status, submitted_at);

CREATE TABLE answers (
  response_seq INTEGER NOT NULL REFERENCES responses(seq) ON DELETE CASCADE,
  question_id TEXT NOT NULL,
  survey_id TEXT NOT NULL,
  status TEXT NOT NULL,
  submitted_at INTEGER NOT NULL,
  choice_id TEXT,
  number REAL,
  text TEXT
);
-- One covering index serves every aggregate: choice counts (GROUP BY choice_id), numeric
-- stats and the median (ORDER BY number under choice_id IS NULL), text counts and the newest
-- samples (ORDER BY submitted_at under choice_id IS NULL AND number IS NULL).
CREATE INDEX answers_stats ON answers(question_id, status, choice_id, number, submitted_at, response_seq);
CREATE INDEX answers_response ON answers(response_seq, question_id);
`;
