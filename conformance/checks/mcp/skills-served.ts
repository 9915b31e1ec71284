import { createHash } from 'node:crypto';
import { fail, skip, type Check } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { LEGACY_REVISION } from '../../eras.js';
import { initializeParams, isObject } from '../../mcp.js';
import { modernCapabilities } from '../../modern-expect.js';
import { legacyResult } from '../shared/legacy-tools.js';
import { appEras, appRequest, type AppEra } from './mcp-apps.js';

const SKILLS = 'io.modelcontextprotocol/skills';
const DIGEST = /^sha256:[0-9a-f]{64}$/;

async function declared(ctx: CheckContext, era: AppEra): Promise<boolean> {
  const capabilities = era === LEGACY_REVISION ? (await legacyResult(ctx, 'initialize', initializeParams(LEGACY_REVISION)))['capabilities'] : await modernCapabilities(ctx);
  const extensions = isObject(capabilities) ? capabilities['extensions'] : undefined;
  return isObject(extensions) && isObject(extensions[SKILLS]);
}

async function result(ctx: CheckContext, era: AppEra, method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const { message } = await appRequest(ctx, era, method, params);
  if (!isObject(message?.result)) fail(`${era}: ${method} ${JSON.stringify(params)} answered no result (${message?.error ? `error ${message.error.code} ${message.error.message}` : 'no JSON-RPC answer'})`);
  return message.result;
}

/** The bytes of one resources/read content: its text as UTF-8, or its base64 blob. */
function bytesOf(content: Record<string, unknown>): Buffer | undefined {
  if (typeof content['text'] === 'string') return Buffer.from(content['text'], 'utf8');
  return typeof content['blob'] === 'string' ? Buffer.from(content['blob'], 'base64') : undefined;
}

/** The `name:` of a SKILL.md's YAML frontmatter (between the opening `---` lines). */
const frontmatterName = (text: string): string | undefined => /^---\r?\n[\s\S]*?^name:\s*(.+?)\s*$[\s\S]*?^---\s*$/m.exec(text)?.[1]?.replace(/^["']|["']$/g, '');

/** JSON with object keys sorted: two answers that differ only in key order compare equal. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (!isObject(value)) return JSON.stringify(value) ?? 'undefined';
  return `{${Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`)
    .join(',')}}`;
}

/** One skill entry, checked as SEP-2640 "Skill" defines it, every file read back and verified. */
async function checkSkill(ctx: CheckContext, era: AppEra, skill: unknown): Promise<string> {
  if (!isObject(skill) || typeof skill['uri'] !== 'string') fail(`${era}: skills/list: an entry has no "uri": ${JSON.stringify(skill)?.slice(0, 120)}`);
  const uri = skill['uri'];
  const frontmatter = skill['frontmatter'];
  if (!/^skill:\/\/.+\/SKILL\.md$/.test(uri)) fail(`${era}: skill ${uri}: the uri must be skill://…/SKILL.md`);
  if (!isObject(frontmatter) || typeof frontmatter['name'] !== 'string' || typeof frontmatter['description'] !== 'string') fail(`${era}: skill ${uri}: "frontmatter" needs a name and a description`);
  const files = skill['resources'];
  if (files !== 'dynamic' && !Array.isArray(files)) fail(`${era}: skill ${uri}: "resources" must list every file or say "dynamic"`);
  for (const file of Array.isArray(files) ? files : []) {
    if (!isObject(file) || typeof file['uri'] !== 'string' || typeof file['digest'] !== 'string' || !DIGEST.test(file['digest']) || typeof file['size'] !== 'number') {
      fail(`${era}: skill ${uri}: a file entry needs a uri, a digest "sha256:<64 hex>" and a size: ${JSON.stringify(file)}`);
    }
    const read = await result(ctx, era, 'resources/read', { uri: file['uri'] });
    const content = Array.isArray(read['contents']) ? read['contents'].find((candidate) => isObject(candidate) && candidate['uri'] === file['uri']) : undefined;
    const bytes = isObject(content) ? bytesOf(content) : undefined;
    if (!bytes) fail(`${era}: resources/read ${file['uri']} gave no content under that uri`);
    const actual = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
    if (actual !== file['digest'] || bytes.length !== file['size']) {
      fail(`${era}: ${file['uri']} reads as ${bytes.length} bytes with ${actual}; skills/list says ${file['size']} bytes with ${file['digest']}`);
    }
    if (file['uri'] === uri && frontmatterName(bytes.toString('utf8')) !== frontmatter['name']) {
      fail(`${era}: ${uri}: its frontmatter's name is ${JSON.stringify(frontmatterName(bytes.toString('utf8')))}, skills/list says ${JSON.stringify(frontmatter['name'])}`);
    }
  }
  const got = (await result(ctx, era, 'skills/get', { uri }))['skill'];
  if (!isObject(got) || got['uri'] !== uri) fail(`${era}: skills/get ${uri} gave ${JSON.stringify(got)?.slice(0, 120)}, not that skill`);
  // One skill, one document: skills/get answering another version than the listing (a stale copy) is caught here.
  for (const field of ['frontmatter', 'resources']) {
    if (canonicalJson(got[field]) !== canonicalJson(skill[field])) {
      fail(`${era}: skills/get ${uri} gives "${field}" ${canonicalJson(got[field]).slice(0, 160)}, skills/list ${canonicalJson(skill[field]).slice(0, 160)}: a stale copy of the skill`);
    }
  }
  return uri;
}

/** A skill no listing names: skills/get answers an error, never a result a client would take for the skill. */
const UNLISTED_SKILL = 'skill://conformance-unlisted/SKILL.md';

/**
 * Beside a skill of a name no listing has, a uri under a listed skill's own name that is no skill
 * (`skill://<name>/conformance-unlisted.md`): a lookup by the name alone answers the listed skill.
 */
async function unlistedSkillRefused(ctx: CheckContext, era: AppEra, listed: readonly unknown[]): Promise<void> {
  const sibling = listed.find((uri): uri is string => typeof uri === 'string' && uri.endsWith('/SKILL.md'))?.replace(/SKILL\.md$/, 'conformance-unlisted.md');
  for (const uri of sibling === undefined ? [UNLISTED_SKILL] : [UNLISTED_SKILL, sibling]) {
    const { message } = await appRequest(ctx, era, 'skills/get', { uri });
    if (!message?.error) fail(`${era}: skills/get ${uri}, a skill no listing names, answered ${message?.result === undefined ? 'no JSON-RPC error' : `the result ${JSON.stringify(message.result).slice(0, 120)}`}, not an error`);
  }
}

export const skillsServed: Check = {
  id: 'skills-served',
  group: 'mcp',
  era: 'any',
  title: 'A deployment that declares the Skills extension lists its skills (the same in each era), serves skills/get with the same entry (an error for a skill not listed), and every listed file reads back with its digest and size',
  spec: 'SEP-2640 Skills extension (io.modelcontextprotocol/skills): capability, skills/list and skills/get, "Skill" entries (frontmatter verbatim, every file with a sha256 digest and size), files read through resources/read',
  level: 'MUST',
  needsSignIn: true,
  async run(ctx) {
    const seen: string[] = [];
    const listedByEra = new Map<AppEra, string>();
    for (const era of await appEras(ctx)) {
      const { message } = await appRequest(ctx, era, 'skills/list');
      const isDeclared = await declared(ctx, era);
      if (!isDeclared) {
        if (isObject(message?.result)) fail(`${era}: skills/list answers a result, but the capabilities declare no "${SKILLS}" extension`);
        continue;
      }
      const skills = (await result(ctx, era, 'skills/list'))['skills'];
      if (!Array.isArray(skills)) fail(`${era}: skills/list: "skills" is not a list`);
      for (const skill of skills) seen.push(`${await checkSkill(ctx, era, skill)} in ${era}`);
      const uris = skills.map((skill: unknown) => (isObject(skill) ? skill['uri'] : skill));
      listedByEra.set(era, JSON.stringify([...uris].sort()));
      await unlistedSkillRefused(ctx, era, uris);
    }
    // One deployment, one set of skills: an extension wired into one era's router alone lists none in the other.
    const [first, second] = [...listedByEra];
    if (first && second && first[1] !== second[1]) fail(`${first[0]}: skills/list names ${first[1]}; ${second[0]}: ${second[1]}: the deployment's skills differ by era`);
    if (seen.length === 0) skip(`the deployment declares no ${SKILLS} extension`);
    return `skills verified: ${seen.join(', ')}`;
  },
};
