import type { SelectorPack } from '../selector-pack';

/** YouTube: /@handle and /channel/UC… pages, read from `ytInitialData` and the page header. */
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
  // ytInitialData and the meta tags keep the first channel's values after a move inside the site, so each
  // JSON path picks the channel of the address (by its handle, or by its id), and the page header is the
  // fallback (it is rendered again for the new channel).
  profile: {
    profileId: [
      {
        id: 'profile.profileId.channelByHandle',
        from: 'json',
        selector: 'script',
        variable: 'ytInitialData',
        path: ['metadata', '[vanityChannelUrl$=/@{username}]', 'externalId'],
      },
    ],
    username: [
      {
        id: 'profile.username.channelById',
        from: 'json',
        selector: 'script',
        variable: 'ytInitialData',
        path: ['metadata', '[externalId={profileId}]', 'vanityChannelUrl'],
        pattern: String.raw`/@([^/?#]+)$`,
      },
    ],
    name: [
      {
        id: 'profile.name.channelByHandle',
        from: 'json',
        selector: 'script',
        variable: 'ytInitialData',
        path: ['metadata', '[vanityChannelUrl$=/@{username}]', 'title'],
      },
      {
        id: 'profile.name.channelById',
        from: 'json',
        selector: 'script',
        variable: 'ytInitialData',
        path: ['metadata', '[externalId={profileId}]', 'title'],
      },
      { id: 'profile.name.pageHeader', from: 'css', selector: 'yt-page-header-renderer h1' },
    ],
    firstName: [],
    lastName: [],
    photoURL: [
      {
        id: 'profile.photoURL.channelByHandle',
        from: 'json',
        selector: 'script',
        variable: 'ytInitialData',
        path: ['metadata', '[vanityChannelUrl$=/@{username}]', 'avatar', 'thumbnails', '0', 'url'],
      },
      {
        id: 'profile.photoURL.channelById',
        from: 'json',
        selector: 'script',
        variable: 'ytInitialData',
        path: ['metadata', '[externalId={profileId}]', 'avatar', 'thumbnails', '0', 'url'],
      },
      {
        id: 'profile.photoURL.pageHeaderAvatar',
        from: 'css',
        selector: 'yt-page-header-renderer yt-decorated-avatar-view-model img',
        attribute: 'src',
      },
    ],
  },
  people: {},
};
