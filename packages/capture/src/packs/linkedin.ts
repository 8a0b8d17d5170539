import type { SelectorPack } from '../selector-pack';

/** LinkedIn: /in/<slug> profiles, read from the page's `<code>` JSON and the top card. */
export const LINKEDIN_PACK: SelectorPack = {
  platform: 'linkedin',
  version: 1,
  hosts: ['linkedin.com'],
  pages: [
    { kind: 'profile', pattern: String.raw`^/in/(?<username>[^/?#]+)/?(?:\?.*)?$` },
    { kind: 'conversation', pattern: String.raw`^/messaging(?:/thread/[^/?#]+)?/?(?:\?.*)?$` },
  ],
  reservedPaths: [],
  profileUrl: { byUsername: 'https://www.linkedin.com/in/{username}/' },
  keywords: {
    en: { message: ['Message'], connect: ['Connect'], followers: ['followers'] },
    fr: { message: ['Message'], connect: ['Se connecter'], followers: ['abonnés'] },
  },
  profile: {
    // The `<code>` JSON lists the viewer's mini profile too: each path picks the address's publicIdentifier.
    profileId: [
      {
        id: 'profile.profileId.memberUrn',
        from: 'json',
        selector: 'code',
        path: ['**', '[publicIdentifier={username}]', 'objectUrn'],
        pattern: String.raw`^urn:li:member:(\d+)$`,
      },
      {
        id: 'profile.profileId.fsdProfileUrn',
        from: 'json',
        selector: 'code',
        path: ['**', '[publicIdentifier={username}]', 'entityUrn'],
        pattern: String.raw`^urn:li:fsd_profile:([\w-]+)$`,
      },
    ],
    username: [],
    name: [{ id: 'profile.name.mainHeading', from: 'css', selector: 'main h1' }],
    firstName: [
      {
        id: 'profile.firstName.profileJson',
        from: 'json',
        selector: 'code',
        path: ['**', '[publicIdentifier={username}]', 'firstName'],
      },
    ],
    lastName: [
      {
        id: 'profile.lastName.profileJson',
        from: 'json',
        selector: 'code',
        path: ['**', '[publicIdentifier={username}]', 'lastName'],
      },
    ],
    photoURL: [
      {
        id: 'profile.photoURL.topCardImage',
        from: 'css',
        selector:
          'main img.pv-top-card-profile-picture__image--show, main img.pv-top-card-profile-picture__image',
        attribute: 'src',
        // A member without a photo shows a "ghost" placeholder from static.licdn.com: that is no photo.
        pattern: String.raw`^https://media\.licdn\.com/.+`,
        optional: true,
      },
    ],
  },
  people: {},
};
