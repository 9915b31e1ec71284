import type { Random } from './random.js';

export const firstNames = ['Ana', 'Ben', 'Chloé', 'Daniel', 'Emma', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Kemi', 'Liam', 'Maya', 'Noah', 'Olga', 'Priya', 'Quentin', 'Rosa', 'Sven', 'Tara', 'Uma', 'Victor', 'Wen', 'Yusuf', 'Zoe'];
export const lastNames = ['Andersen', 'Bianchi', 'Chen', 'Dubois', 'Eriksen', 'Fischer', 'García', 'Haddad', 'Ito', 'Jansen', 'Kowalski', 'López', 'Müller', 'Novak', "O'Brien", 'Patel', 'Rossi', 'Silva', 'Tanaka', 'Walker'];

const praise = [
  'The dashboards save me an hour every Monday.',
  'Setup took ten minutes and the team picked it up without training.',
  'Support answered within the hour and actually fixed the problem.',
  'The reports are exactly what our leadership asks for.',
  'It just works, which is rare for tools in this space.',
  'The Slack integration keeps everyone in the loop without extra meetings.',
];
const complaints = [
  'Exporting to CSV breaks on large reports.',
  'The mobile app is slow to load and logs me out too often.',
  'Pricing jumped at renewal without much warning.',
  'Search does not find older projects unless you type the exact name.',
  'Permissions are confusing: I never know who can see what.',
  'The API rate limits make our nightly sync fail.',
  'Notifications are far too noisy by default.',
];
const wishes = [
  'Please add a dark mode.',
  'A way to schedule reports by email would help a lot.',
  'I would love bulk editing for tags.',
  'Better onboarding docs for new admins, please.',
  'Single sign-on on the Pro plan would make IT happy.',
  'An offline mode for the mobile app would be great.',
];

/** A feedback comment whose tone follows the score it goes with (0 worst, 1 best). */
export function comment(random: Random, tone: number): string {
  const parts: string[] = [];
  if (tone >= 0.6 || random.chance(0.2)) parts.push(random.pick(praise));
  if (tone < 0.8 || random.chance(0.3)) parts.push(random.pick(complaints));
  if (random.chance(0.5)) parts.push(random.pick(wishes));
  // Some people write at length; these exercise truncation.
  if (random.chance(0.05)) parts.push(...Array.from({ length: 8 }, () => random.pick([...praise, ...complaints, ...wishes])));
  return parts.join(' ');
}

export const phrases = ['Our single source of truth', 'A faster way to report', 'Team dashboard', 'Where planning happens', 'Customer insight hub', 'Too complex for what we need', 'Reporting tool', 'Essential'];

export const pulseNotes = ['Too many meetings this month.', 'Great collaboration with design lately.', 'On-call rotation is exhausting.', 'Happy with the new sprint rhythm.', 'Would like clearer priorities from leadership.', 'Remote days really help my focus.'];

export const offsiteNotes = ['Somewhere reachable by train, please.', 'More outdoor time, fewer slides.', 'Vegetarian options were great last year.', 'Can we keep it to two days?', 'A workshop on our design system would be valuable.'];
