import { branch, requirementsFrom, type Requirement } from './requirement.js';

const skills = requirementsFrom('Skills extension', 'any');

/**
 * SEP-2640, the Skills extension (`io.modelcontextprotocol/skills`), as the SDK 2.4.0 implements
 * and validates it (its schemas and client verification): what a server that declares it owes
 * its clients, in either era.
 */
export const SKILLS_REQUIREMENTS: readonly Requirement[] = [
  skills.must('skills-capability', 'Capability', 'A server that answers skills/list declares the extension under capabilities.extensions', ['skills-served']),
  skills.must('skills-list', 'skills/list', 'skills/list gives each skill as its SKILL.md uri, its frontmatter (name, description) and its files', ['skills-served']),
  skills.must('skills-digest', 'Skill', 'Every listed file carries a sha256 digest and a size that its bytes, read through resources/read, match', ['skills-served']),
  skills.must('skills-frontmatter', 'Skill', "The listed frontmatter is the SKILL.md's own", ['skills-served']),
  skills.must('skills-get', 'skills/get', 'skills/get returns the entry of a listed skill by its uri, and an error for a uri no skill has', [
    branch('a listed skill: its entry', 'skills-served'),
    branch('a uri no skill has: a JSON-RPC error, no result', 'skills-served'),
  ]),
];
