import { z } from 'zod';
import { surveySkill } from './survey-skill.js';

/** SEP-2640's two methods, as both eras receive them (their params as the extension's schemas take them). */
export const skillsListParams = z.looseObject({ cursor: z.string().optional() });
export const skillsGetParams = z.looseObject({ uri: z.string() });

/** `skills/list`: the one skill, on one page (a cursor is never issued, so none is read). */
export const listSkills = () => ({ skills: [surveySkill] });

/** `skills/get`: the skill at `uri`, or a message for the -32602 of any other URI. */
export function getSkill(uri: string): { skill: typeof surveySkill } | { problem: string } {
  return uri === surveySkill.uri ? { skill: surveySkill } : { problem: `No skill is served at ${uri}; skills/list names the one there is (${surveySkill.uri})` };
}
