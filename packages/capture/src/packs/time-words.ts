import type { TimeWords } from '../selector-pack';

// The words pages write request dates with, shared by the packs whose pages write them alike. Short forms
// come with the long ones: Facebook writes "2h" and "3 d" as readily as "2 hours ago".

/** English: "3 days ago", "2h", "a week ago", "yesterday", "March 3, 2025". */
export const ENGLISH_TIME_WORDS: TimeWords = {
  units: {
    minute: ['minutes', 'minute', 'mins', 'min', 'm'],
    hour: ['hours', 'hour', 'hrs', 'hr', 'h'],
    day: ['days', 'day', 'd'],
    week: ['weeks', 'week', 'wks', 'wk', 'w'],
    month: ['months', 'month', 'mos', 'mo'],
    year: ['years', 'year', 'yrs', 'yr', 'y'],
  },
  one: ['a', 'an', 'one'],
  now: ['just now', 'a moment ago', 'now'],
  yesterday: ['yesterday'],
  months: [
    ['january', 'jan'],
    ['february', 'feb'],
    ['march', 'mar'],
    ['april', 'apr'],
    ['may'],
    ['june', 'jun'],
    ['july', 'jul'],
    ['august', 'aug'],
    ['september', 'sept', 'sep'],
    ['october', 'oct'],
    ['november', 'nov'],
    ['december', 'dec'],
  ],
};

/** French: "il y a 3 jours", "2 h", "il y a une semaine", "hier", "3 mars 2025". */
export const FRENCH_TIME_WORDS: TimeWords = {
  units: {
    minute: ['minutes', 'minute', 'min', 'mn'],
    hour: ['heures', 'heure', 'h'],
    day: ['jours', 'jour', 'j'],
    week: ['semaines', 'semaine', 'sem'],
    month: ['mois'],
    year: ['années', 'année', 'ans', 'an'],
  },
  one: ['un', 'une'],
  now: ["à l'instant", 'a l’instant', 'maintenant'],
  yesterday: ['hier'],
  months: [
    ['janvier', 'janv'],
    ['février', 'févr', 'fevrier'],
    ['mars'],
    ['avril', 'avr'],
    ['mai'],
    ['juin'],
    ['juillet', 'juil'],
    ['août', 'aout'],
    ['septembre', 'sept'],
    ['octobre', 'oct'],
    ['novembre', 'nov'],
    ['décembre', 'déc', 'decembre'],
  ],
};
