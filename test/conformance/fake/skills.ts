import { createHash } from 'node:crypto';

/** Ways to break the fake's Skills extension (SEP-2640), one rule each. */
/** `get-stale`: skills/get answers the skill as it was before its SKILL.md last changed (another digest and size). */
/** `unknown-empty`: skills/get of a skill not served answers an empty result, not an error. */
export type SkillsFault = 'undeclared' | 'digest-wrong' | 'frontmatter-differs' | 'get-missing' | 'get-stale' | 'unknown-empty';

const SKILL_URI = 'skill://fake-survey/SKILL.md';
const SKILL_MD = '---\nname: fake-survey\ndescription: How to use the fake survey server.\n---\n\n# Fake survey\n\nCall get_me first.\n';
const digest = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;

const entry = (fault: SkillsFault | undefined) => ({
  uri: SKILL_URI,
  frontmatter: { name: fault === 'frontmatter-differs' ? 'another-name' : 'fake-survey', description: 'How to use the fake survey server.' },
  resources: [{ uri: SKILL_URI, digest: fault === 'digest-wrong' ? digest('something else') : digest(SKILL_MD), size: Buffer.byteLength(SKILL_MD) }],
});

/** The entry as it was when SKILL.md said less: what a skills/get served from a stale copy answers. */
function staleEntry(): Record<string, unknown> {
  const before = SKILL_MD.replace('Call get_me first.\n', '');
  return { ...entry(undefined), resources: [{ uri: SKILL_URI, digest: digest(before), size: Buffer.byteLength(before) }] };
}

/** The capabilities the fake adds for the extension. */
export const skillsCapabilities = (fault: SkillsFault | undefined): Record<string, unknown> =>
  fault === 'undeclared' ? {} : { extensions: { 'io.modelcontextprotocol/skills': {} } };

/** The answer to a request the extension concerns (`result` or `error`), or undefined for any other. */
export function skillsAnswer(method: string | undefined, params: Record<string, unknown> | undefined, fault: SkillsFault | undefined): Record<string, unknown> | undefined {
  if (method === 'skills/list') return { result: { skills: [entry(fault)] } };
  if (method === 'skills/get') {
    if (params?.['uri'] === SKILL_URI && fault !== 'get-missing') return { result: { skill: fault === 'get-stale' ? staleEntry() : entry(fault) } };
    if (fault === 'unknown-empty') return { result: {} };
    return { error: { code: -32602, message: `No skill is served at ${String(params?.['uri'])}` } };
  }
  if (method === 'resources/read' && params?.['uri'] === SKILL_URI) return { result: { contents: [{ uri: SKILL_URI, mimeType: 'text/markdown', text: SKILL_MD }] } };
  return undefined;
}
