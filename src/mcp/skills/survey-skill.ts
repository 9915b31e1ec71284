import { createHash } from 'node:crypto';

/** SEP-2640: the extension's id, declared under `capabilities.extensions`. */
export const skillsExtensionId = 'io.modelcontextprotocol/skills';
export const surveySkillUri = 'skill://survey-mcp/SKILL.md';

const name = 'survey-mcp';
const description =
  'How to work with the survey-mcp server. Find a survey, read its results before its raw responses, and change a survey safely (one change at a time, confirmed with the person).';

/** The skill, as an assistant reads it: the server's tools in the order a task needs them. */
const skillMarkdown = `---
name: ${name}
description: ${description}
---

# Working with survey-mcp

Everything you see is what the signed-in person may see on the survey platform; every change is
made as that person, under their permissions.

## Find a survey

1. Call \`get_me\` to learn who is signed in and which workspaces they belong to.
2. Call \`list_surveys\` (filter by \`status\`, \`workspace_id\` or \`query\`). Lists are paginated:
   pass \`next_cursor\` back as \`cursor\` with the same filters until it is absent.
3. Call \`get_survey\` with the id for its questions and choices before you talk about answers.

## Read results

- Start with \`get_survey_results\`: counts, percentages, NPS and means per question, optionally
  by segment. Quote those figures; do not recompute them from raw responses.
- Use \`list_responses\` only when the person asks for individual answers, and page through it as
  above. Do not paste personal data the person did not ask for.

## Make a change safely

- Say what you will change and ask the person to confirm before any tool that writes.
- Change one thing per call, then read the survey again (\`get_survey\`) to confirm the result.
- A failure comes back as a tool error \`{"error": "…"}\` that names the argument and why: fix
  that argument and call again; do not retry the same call unchanged.
- \`delete_question\` cannot be undone: name the question and ask again before you call it.

## Who changed what

- A workspace admin can ask who changed or shared a survey: \`list_audit_events\` with the
  \`workspace_id\` (and \`survey_id\`, \`user_email\` or \`since\`) lists the changes, newest first.
`;

const bytes = Buffer.from(skillMarkdown, 'utf8');

/** A skill entry (SEP-2640 "Skill"): the frontmatter verbatim, and every file with its digest and size. */
export const surveySkill = {
  uri: surveySkillUri,
  frontmatter: { name, description },
  resources: [{ uri: surveySkillUri, digest: `sha256:${createHash('sha256').update(bytes).digest('hex')}`, size: bytes.length }],
};

/** `resources/read` of the skill's one file, or undefined for any other URI. */
export function readSkillFile(uri: string) {
  return uri === surveySkillUri ? { contents: [{ uri, mimeType: 'text/markdown', text: skillMarkdown }] } : undefined;
}
