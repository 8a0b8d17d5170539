// The DOM-free part of the package (packs, their check, page detection by address), for code compiled
// without the DOM types, such as the server: `import { DEFAULT_SELECTOR_PACKS } from '@grouptrack/capture/packs'`.
export { DEFAULT_SELECTOR_PACKS } from './default-packs';
export { detectPage } from './detect';
export { detectPageWithPack, isPackHost, type DetectedPage } from './detect-page';
export {
  PAGE_KINDS,
  PERSON_FIELDS,
  PROFILE_FIELDS,
  listSelectorIds,
  parseSelectorPack,
  selectorPackSchema,
  type Marker,
  type ConversationRule,
  type MemberRequestsRule,
  type PageKind,
  type PeopleRule,
  type PersonField,
  type ProfileField,
  type SelectorPack,
  type TimeWords,
  type ValueSource,
} from './selector-pack';
