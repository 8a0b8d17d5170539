import type { SelectorPack } from '../selector-pack';

const CHANNEL = ['metadata', 'channelMetadataRenderer'];

/** YouTube: /@handle and /channel/UC… pages, read from `ytInitialData` and the page's meta tags. */
export const YOUTUBE_PACK: SelectorPack = {
  platform: 'youtube',
  version: 1,
  hosts: ['youtube.com'],
  pages: [
    {
      kind: 'profile',
      pattern: String.raw`^/@(?<username>[^/?#]+)(?:/(?:featured|videos|shorts|streams|playlists|community|posts|about))?/?(?:\?.*)?$`,
    },
    { kind: 'profile', pattern: String.raw`^/channel/(?<profileId>UC[\w-]{22})(?:/[a-z]+)?/?(?:\?.*)?$` },
  ],
  reservedPaths: [],
  profileUrl: {
    byUsername: 'https://www.youtube.com/@{username}',
    byProfileId: 'https://www.youtube.com/channel/{profileId}',
  },
  keywords: {
    en: { subscribers: ['subscribers'], subscribe: ['Subscribe'] },
    fr: { subscribers: ['abonnés'], subscribe: ["S'abonner"] },
  },
  profile: {
    profileId: [
      {
        id: 'profile.profileId.channelMetadata',
        from: 'json',
        selector: 'script',
        variable: 'ytInitialData',
        path: [...CHANNEL, 'externalId'],
      },
      {
        id: 'profile.profileId.itempropIdentifier',
        from: 'css',
        selector: 'meta[itemprop="identifier"]',
        attribute: 'content',
      },
      {
        id: 'profile.profileId.canonicalLink',
        from: 'css',
        selector: 'link[rel="canonical"]',
        attribute: 'href',
        pattern: String.raw`/channel/(UC[\w-]{22})`,
      },
    ],
    username: [
      {
        id: 'profile.username.vanityUrl',
        from: 'json',
        selector: 'script',
        variable: 'ytInitialData',
        path: [...CHANNEL, 'vanityChannelUrl'],
        pattern: String.raw`/@([^/?#]+)`,
      },
    ],
    name: [
      {
        id: 'profile.name.channelMetadata',
        from: 'json',
        selector: 'script',
        variable: 'ytInitialData',
        path: [...CHANNEL, 'title'],
      },
      {
        id: 'profile.name.ogTitle',
        from: 'css',
        selector: 'meta[property="og:title"]',
        attribute: 'content',
      },
    ],
    firstName: [],
    lastName: [],
    photoURL: [
      {
        id: 'profile.photoURL.channelAvatar',
        from: 'json',
        selector: 'script',
        variable: 'ytInitialData',
        path: [...CHANNEL, 'avatar', 'thumbnails', '0', 'url'],
      },
      {
        id: 'profile.photoURL.ogImage',
        from: 'css',
        selector: 'meta[property="og:image"]',
        attribute: 'content',
      },
    ],
  },
  people: {},
};
