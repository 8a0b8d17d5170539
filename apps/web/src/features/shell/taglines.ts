/** Lines the full-screen loader shows while the team's base data loads, one picked at random. */
export const TAGLINES = [
  'Lining up your pipelines, stage by stage…',
  'Counting the leads your groups brought in…',
  'Sorting new members from warm conversations…',
  'Dusting off the tags on your contacts…',
  'Checking which follow-ups are due today…',
  'Warming up your message templates…',
  'Finding the leads that are ready for a call…',
  'Lining up your KPI dashboards…',
  'Waking the auto responder for your latest posts…',
  'Gathering your team around the same pipeline…',
  'Turning group members into customers, one stage at a time…',
  'Matching answers to membership questions with your contacts…',
  'Putting today’s tasks at the top of the pile…',
  'Reading the room in your Facebook and Instagram groups…',
] as const;

/** Picks one tagline; `random` returns a number in [0, 1) like Math.random. */
export function pickTagline(random: () => number = Math.random): string {
  // Math.min keeps a stub that returns exactly 1 inside the list.
  const index = Math.min(TAGLINES.length - 1, Math.floor(random() * TAGLINES.length));
  return TAGLINES[Math.max(0, index)] ?? TAGLINES[0];
}
