import type { SkillsFault } from './fake/skills.js';
import type { FaultCase } from './fault-cases.js';

const skillsCase = (deployment: string, skillsFault: SkillsFault, reason: RegExp): FaultCase => ({
  check: 'skills-served',
  group: 'mcp',
  deployment,
  fake: { faults: { skillsFault } },
  reason,
});

/** The wrong deployments of the Skills extension (SEP-2640), one rule each. */
export const SKILLS_FAULT_CASES: readonly FaultCase[] = [
  skillsCase('answers skills/list without declaring the extension', 'undeclared', /skills\/list answers a result, but the capabilities declare no "io\.modelcontextprotocol\/skills" extension/),
  skillsCase('lists a skill file with a digest its bytes do not have', 'digest-wrong', /SKILL\.md reads as \d+ bytes with sha256:[0-9a-f]{64}; skills\/list says \d+ bytes with sha256:/),
  skillsCase("lists a frontmatter that is not the SKILL.md's", 'frontmatter-differs', /its frontmatter's name is "fake-survey", skills\/list says "another-name"/),
  skillsCase('does not find a listed skill by skills/get', 'get-missing', /skills\/get {"uri":"skill:\/\/fake-survey\/SKILL\.md"} answered no result \(error -32602/),
];
