export { captureProfile } from './capture-profile';
export { findPeople } from './find-people';
export {
  DEFAULT_SELECTOR_PACKS,
  PAGE_KINDS,
  PERSON_FIELDS,
  PROFILE_FIELDS,
  detectPage,
  detectPageWithPack,
  isPackHost,
  listSelectorIds,
  parseSelectorPack,
  selectorPackSchema,
  type DetectedPage,
  type PageKind,
  type PeopleRule,
  type PersonField,
  type ProfileField,
  type SelectorPack,
  type ValueSource,
} from './selector-packs';
export type { CapturedProfile, FoundPerson, SelectorMiss } from './types';
