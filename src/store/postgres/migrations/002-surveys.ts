/**
 * Survey tables, as in SQLite: `answers` carries copies of its response's survey_id, status and
 * submitted_at so filtered aggregates read one covering index and never join `responses`, and
 * `surveys` keeps per-status response counters. Choice label keys are unique per question, but
 * checked at commit when asked to, so an update may swap two labels.
 */
export const surveys = `
CREATE TABLE workspaces (
  id TEXT COLLATE "C" PRIMARY KEY,
  name TEXT COLLATE "C" NOT NULL,
  created_at BIGINT NOT NULL
);

CREATE TABLE workspace_members (
  workspace_id TEXT COLLATE "C" NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  user_id TEXT COLLATE "C" NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role TEXT COLLATE "C" NOT NULL CHECK (role IN ('admin', 'member')),
  PRIMARY KEY (workspace_id, user_id)
);
CREATE INDEX workspace_members_user ON workspace_members(user_id);

CREATE TABLE surveys (
  id TEXT COLLATE "C" PRIMARY KEY,
  workspace_id TEXT COLLATE "C" NOT NULL REFERENCES workspaces(id),
  owner_id TEXT COLLATE "C" NOT NULL REFERENCES users(id),
  title TEXT COLLATE "C" NOT NULL,
  description TEXT COLLATE "C" NOT NULL DEFAULT '',
  status TEXT COLLATE "C" NOT NULL CHECK (status IN ('draft', 'open', 'paused', 'closed', 'archived')),
  previous_status TEXT COLLATE "C" CHECK (previous_status IN ('draft', 'open', 'paused', 'closed', 'archived')),
  anonymous BOOLEAN NOT NULL DEFAULT FALSE,
  opens_at BIGINT,
  closes_at BIGINT,
  response_limit BIGINT,
  completed_count BIGINT NOT NULL DEFAULT 0,
  partial_count BIGINT NOT NULL DEFAULT 0,
  disqualified_count BIGINT NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  published_at BIGINT,
  closed_at BIGINT,
  archived_at BIGINT
);
CREATE INDEX surveys_workspace ON surveys(workspace_id, created_at);
CREATE INDEX surveys_owner ON surveys(owner_id);

CREATE TABLE collaborators (
  survey_id TEXT COLLATE "C" NOT NULL REFERENCES surveys(id) ON DELETE CASCADE,
  user_id TEXT COLLATE "C" NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role TEXT COLLATE "C" NOT NULL CHECK (role IN ('viewer', 'analyst', 'editor')),
  granted_by TEXT COLLATE "C" NOT NULL REFERENCES users(id),
  granted_at BIGINT NOT NULL,
  PRIMARY KEY (survey_id, user_id)
);
CREATE INDEX collaborators_user ON collaborators(user_id);

CREATE TABLE questions (
  id TEXT COLLATE "C" PRIMARY KEY,
  survey_id TEXT COLLATE "C" NOT NULL REFERENCES surveys(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  type TEXT COLLATE "C" NOT NULL CHECK (type IN ('single_choice', 'multiple_choice', 'rating', 'nps', 'number',
    'short_text', 'long_text', 'date')),
  text TEXT COLLATE "C" NOT NULL,
  description TEXT COLLATE "C" NOT NULL DEFAULT '',
  required BOOLEAN NOT NULL DEFAULT FALSE,
  -- JSON rather than JSONB: it keeps the settings' key order, as SQLite's text does.
  settings JSON NOT NULL DEFAULT '{}'
);
CREATE INDEX questions_survey ON questions(survey_id, position);

CREATE TABLE choices (
  id TEXT COLLATE "C" PRIMARY KEY,
  question_id TEXT COLLATE "C" NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  label TEXT COLLATE "C" NOT NULL,
  label_key TEXT COLLATE "C" NOT NULL,
  CONSTRAINT choices_label UNIQUE (question_id, label_key) DEFERRABLE INITIALLY IMMEDIATE
);
CREATE INDEX choices_question ON choices(question_id, position);

CREATE TABLE responses (
  seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id TEXT COLLATE "C" NOT NULL UNIQUE,
  survey_id TEXT COLLATE "C" NOT NULL REFERENCES surveys(id) ON DELETE CASCADE,
  status TEXT COLLATE "C" NOT NULL CHECK (status IN ('completed', 'partial', 'disqualified')),
  channel TEXT COLLATE "C" NOT NULL,
  respondent_email TEXT COLLATE "C",
  respondent_name TEXT COLLATE "C",
  started_at BIGINT NOT NULL,
  submitted_at BIGINT NOT NULL,
  duration_ms BIGINT
);
-- Keyset pagination, newest first, with seq as the tie-breaker.
CREATE INDEX responses_survey_time ON responses(survey_id, submitted_at, seq);
CREATE INDEX responses_survey_status_time ON responses(survey_id, status, submitted_at, seq);

CREATE TABLE answers (
  response_seq BIGINT NOT NULL REFERENCES responses(seq) ON DELETE CASCADE,
  question_id TEXT COLLATE "C" NOT NULL,
  survey_id TEXT COLLATE "C" NOT NULL,
  status TEXT COLLATE "C" NOT NULL,
  submitted_at BIGINT NOT NULL,
  choice_id TEXT COLLATE "C",
  number DOUBLE PRECISION,
  text TEXT COLLATE "C"
);
-- One covering index serves every aggregate: choice counts, numeric stats and the median,
-- text counts and the newest samples.
CREATE INDEX answers_stats ON answers(question_id, status, choice_id, number, submitted_at, response_seq);
CREATE INDEX answers_response ON answers(response_seq, question_id);
`;
