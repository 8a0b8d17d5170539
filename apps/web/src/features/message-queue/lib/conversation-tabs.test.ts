import { describe, expect, it } from 'vitest';
import {
  findTabStatus,
  formatConversationsPath,
  readConversationPlatform,
  readConversationTab,
  readEndedStatus,
} from './conversation-tabs';

describe('the tabs of Conversations', () => {
  it('reads the tab and the platform from the address, falling back to Sent on all platforms', () => {
    expect(readConversationTab('review')).toBe('review');
    expect(readConversationTab(undefined)).toBe('sent');
    expect(readConversationTab('inbox')).toBe('sent');
    expect(readConversationPlatform('instagram')).toBe('instagram');
    expect(readConversationPlatform('myspace')).toBeNull();
    expect(readConversationPlatform(undefined)).toBeNull();
  });

  it.each([
    ['sent', 'failed', 'sent'],
    ['scheduled', 'failed', 'scheduled'],
    ['review', 'failed', 'pending'],
    ['failed', 'failed', 'failed'],
    ['failed', 'skipped', 'skipped'],
  ] as const)('lists the %s tab (%s shown) by the status %s', (tab, ended, status) => {
    expect(findTabStatus(tab, ended)).toBe(status);
  });

  it('shows failures in the Failed tab unless the address asks for skipped or cancelled ones', () => {
    expect(readEndedStatus(null)).toBe('failed');
    expect(readEndedStatus('cancelled')).toBe('cancelled');
    expect(readEndedStatus('sent')).toBe('failed');
  });

  it('writes a tab and platform into the address', () => {
    expect(formatConversationsPath('review', null)).toBe('/messages/review');
    expect(formatConversationsPath('scheduled', 'tiktok')).toBe('/messages/scheduled/tiktok');
  });
});
