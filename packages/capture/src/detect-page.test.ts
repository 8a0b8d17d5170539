import { describe, expect, it } from 'vitest';
import { detectPage } from './detect';

describe('detectPage', () => {
  it.each([
    // Facebook
    ['https://www.facebook.com/ana.lima.demo', 'facebook', 'profile', { username: 'ana.lima.demo' }],
    [
      'https://www.facebook.com/ana.lima.demo/?ref=bookmarks',
      'facebook',
      'profile',
      { username: 'ana.lima.demo' },
    ],
    ['https://m.facebook.com/ana.lima.demo', 'facebook', 'profile', { username: 'ana.lima.demo' }],
    [
      'https://web.facebook.com/profile.php?id=100000000000002&sk=about',
      'facebook',
      'profile',
      { profileId: '100000000000002' },
    ],
    [
      'https://www.facebook.com/profile.php?sk=photos&id=100000000000002',
      'facebook',
      'profile',
      { profileId: '100000000000002' },
    ],
    [
      'https://www.facebook.com/people/Ana-Lima/100000000000001/',
      'facebook',
      'profile',
      { profileId: '100000000000001' },
    ],
    [
      'https://www.facebook.com/groups/demofounders/member-requests',
      'facebook',
      'member-requests',
      { groupId: 'demofounders' },
    ],
    [
      'https://www.facebook.com/groups/123456789/member-requests?orderby=chronological',
      'facebook',
      'member-requests',
      { groupId: '123456789' },
    ],
    [
      'https://www.facebook.com/groups/demofounders/participant_requests',
      'facebook',
      'member-requests',
      { groupId: 'demofounders' },
    ],
    [
      'https://www.facebook.com/groups/demofounders/requests',
      'facebook',
      'member-requests',
      { groupId: 'demofounders' },
    ],
    [
      'https://www.facebook.com/groups/demofounders/members/',
      'facebook',
      'member-list',
      { groupId: 'demofounders' },
    ],
    [
      'https://www.facebook.com/groups/demofounders/posts/700000000000001/',
      'facebook',
      'comments',
      { groupId: 'demofounders' },
    ],
    [
      'https://www.facebook.com/groups/demofounders/permalink/700000000000001/?comment_id=1',
      'facebook',
      'comments',
      { groupId: 'demofounders' },
    ],
    ['https://www.facebook.com/messages/t/100000000000001/', 'facebook', 'conversation', {}],
    ['https://www.facebook.com/messages/e2ee/t/100000000000003', 'facebook', 'conversation', {}],
    // Instagram
    ['https://www.instagram.com/ana.lima/', 'instagram', 'profile', { username: 'ana.lima' }],
    ['https://instagram.com/ana.lima?igsh=abc', 'instagram', 'profile', { username: 'ana.lima' }],
    ['https://www.instagram.com/direct/t/340282366841710300949128/', 'instagram', 'conversation', {}],
    ['https://www.instagram.com/direct/inbox/', 'instagram', 'conversation', {}],
    ['https://www.instagram.com/p/Cdemo123/', 'instagram', 'comments', {}],
    ['https://www.instagram.com/ana.lima/reel/Cdemo123/', 'instagram', 'comments', {}],
    // LinkedIn
    ['https://www.linkedin.com/in/ana-lima-1a2b3c/', 'linkedin', 'profile', { username: 'ana-lima-1a2b3c' }],
    [
      'https://fr.linkedin.com/in/bruno-costa-4d5e6f?originalSubdomain=fr',
      'linkedin',
      'profile',
      { username: 'bruno-costa-4d5e6f' },
    ],
    ['https://www.linkedin.com/in/jos%C3%A9-lima/', 'linkedin', 'profile', { username: 'josé-lima' }],
    ['https://www.linkedin.com/messaging/thread/2-demo==/', 'linkedin', 'conversation', {}],
    // Pinterest
    ['https://www.pinterest.com/anabakes/', 'pinterest', 'profile', { username: 'anabakes' }],
    ['https://fr.pinterest.com/brunocosta/_saved/', 'pinterest', 'profile', { username: 'brunocosta' }],
    ['https://www.pinterest.co.uk/anabakes', 'pinterest', 'profile', { username: 'anabakes' }],
    // TikTok
    ['https://www.tiktok.com/@ana.lima', 'tiktok', 'profile', { username: 'ana.lima' }],
    ['https://m.tiktok.com/@ana.lima/?lang=fr', 'tiktok', 'profile', { username: 'ana.lima' }],
    // YouTube
    ['https://www.youtube.com/@anafit', 'youtube', 'profile', { username: 'anafit' }],
    ['https://m.youtube.com/@anafit/videos?view=0', 'youtube', 'profile', { username: 'anafit' }],
    [
      'https://www.youtube.com/channel/UCdemoBrunoCosta00000000/',
      'youtube',
      'profile',
      { profileId: 'UCdemoBrunoCosta00000000' },
    ],
    // Skool
    [
      'https://www.skool.com/@ana-lima-1234?g=demofounders',
      'skool',
      'profile',
      { username: 'ana-lima-1234' },
    ],
    ['https://www.skool.com/demofounders/-/members', 'skool', 'member-list', { groupId: 'demofounders' }],
    [
      'https://www.skool.com/demofounders/-/members?t=active&p=2',
      'skool',
      'member-list',
      { groupId: 'demofounders' },
    ],
    // The Pending tab of the members page lists the requests, not the members.
    [
      'https://www.skool.com/demofounders/-/members?t=pending',
      'skool',
      'member-requests',
      { groupId: 'demofounders' },
    ],
    [
      'https://www.skool.com/demofounders/-/members?p=2&t=pending',
      'skool',
      'member-requests',
      { groupId: 'demofounders' },
    ],
    [
      'https://www.skool.com/demofounders/-/members?t=pendingx',
      'skool',
      'member-list',
      { groupId: 'demofounders' },
    ],
  ] as const)('reads %s as a %s %s page', (url, platform, kind, values) => {
    expect(detectPage(url)).toEqual({
      platform,
      kind,
      username: null,
      profileId: null,
      groupId: null,
      ...values,
    });
  });

  it.each([
    'https://www.facebook.com/',
    'https://www.facebook.com/groups/demofounders/',
    'https://www.facebook.com/groups/demofounders/user/100000000000001/',
    'https://www.facebook.com/groups/feed/',
    'https://www.facebook.com/watch/?v=123',
    'https://www.facebook.com/marketplace/',
    'https://www.facebook.com/notifications',
    'https://www.facebook.com/ana.lima.demo/photos',
    'https://www.instagram.com/',
    'https://www.instagram.com/explore/',
    'https://www.instagram.com/explore/tags/pilates/',
    'https://www.instagram.com/accounts/edit/',
    'https://www.instagram.com/reels/',
    'https://www.linkedin.com/feed/',
    'https://www.linkedin.com/company/demo-co/',
    'https://www.pinterest.com/pin/123456789/',
    'https://www.pinterest.com/search/pins/?q=bread',
    'https://www.pinterest.com/ideas/',
    'https://www.tiktok.com/@ana.lima/video/7300000000000000001',
    'https://www.tiktok.com/foryou',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/',
    'https://www.youtube.com/results?search_query=pilates',
    'https://www.skool.com/demofounders',
    'https://www.skool.com/demofounders/-/about',
    'https://example.com/ana.lima',
    'https://notfacebook.com/ana.lima.demo',
    'https://facebook.com.example.net/ana.lima.demo',
    'ftp://www.facebook.com/ana.lima.demo',
    'not an address',
  ])('finds no page capture reads at %s', (url) => {
    expect(detectPage(url)).toBeNull();
  });
});
