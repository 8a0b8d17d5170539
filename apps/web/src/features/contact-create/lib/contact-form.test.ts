import { describe, expect, it } from 'vitest';
import {
  describeProfile,
  fieldOfServerMessage,
  matchQueryOf,
  readProfileField,
  validateContactForm,
  type ContactFormValues,
} from './contact-form';

const empty: ContactFormValues = {
  name: '',
  profile: '',
  platform: null,
  email: '',
  phone: '',
  pipelineId: null,
  stageId: null,
  tagIds: [],
};

describe('validateContactForm', () => {
  it('sends what was filled in, reading the profile address, and refuses anyone found again', () => {
    const result = validateContactForm(
      {
        ...empty,
        name: '  Jane Doe ',
        profile: 'instagram.com/jane.doe',
        email: 'Jane@Example.com',
        phone: '+1 555 123 4567',
        pipelineId: 'p1',
        stageId: 's2',
        tagIds: ['t1'],
      },
      { requiresPipeline: true },
    );
    expect(result).toEqual({
      ok: true,
      body: {
        name: 'Jane Doe',
        emailAddress: 'jane@example.com',
        phoneNumber: '+15551234567',
        sources: [
          { platform: 'instagram', username: 'jane.doe', url: 'https://www.instagram.com/jane.doe/' },
        ],
        pipeline: { pipelineId: 'p1', stageId: 's2' },
        tagIds: ['t1'],
        createOnly: true,
      },
    });
  });

  it('leaves out what is empty; an owner may add someone to no pipeline', () => {
    expect(validateContactForm({ ...empty, name: 'Jane' }, { requiresPipeline: false })).toEqual({
      ok: true,
      body: { name: 'Jane', createOnly: true },
    });
  });

  it('names each bad field', () => {
    const result = validateContactForm(
      { ...empty, email: 'nope', profile: 'https://example.com/jane' },
      { requiresPipeline: true },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['email', 'name', 'pipelineId', 'profile']);
    expect(result.errors.pipelineId).toBe('Choose a pipeline for this contact.');
    expect(result.errors.profile).toContain('Paste a profile address from');
  });

  it('asks for the platform of a handle typed alone', () => {
    const result = validateContactForm(
      { ...empty, name: 'Jane', profile: '@jane' },
      { requiresPipeline: false },
    );
    expect(result).toMatchObject({
      ok: false,
      errors: { platform: expect.stringContaining('Choose the platform') },
    });
    expect(
      validateContactForm(
        { ...empty, name: 'Jane', profile: '@jane', platform: 'tiktok' },
        { requiresPipeline: false },
      ),
    ).toMatchObject({ ok: true, body: { sources: [{ platform: 'tiktok', username: 'jane' }] } });
  });
});

describe('matchQueryOf', () => {
  it('asks only about what is complete enough to match', () => {
    expect(matchQueryOf(empty)).toBeNull();
    expect(matchQueryOf({ ...empty, name: 'J', email: 'jane@', phone: '12' })).toBeNull();
    expect(
      matchQueryOf({
        ...empty,
        name: ' Jane   Doe ',
        profile: 'https://www.tiktok.com/@jane?lang=en',
        email: 'JANE@example.com',
        phone: '+1 555 123 4567',
      }),
    ).toEqual({
      name: 'Jane Doe',
      profile: 'https://www.tiktok.com/@jane',
      email: 'jane@example.com',
      phone: '+1 555 123 4567',
    });
  });
});

describe('describeProfile', () => {
  it('says which platform and handle were read', () => {
    expect(describeProfile(readProfileField({ profile: 'linkedin.com/in/jane-doe', platform: null }))).toBe(
      'LinkedIn · @jane-doe',
    );
    expect(
      describeProfile(
        readProfileField({ profile: 'https://facebook.com/profile.php?id=1234', platform: null }),
      ),
    ).toBe('Facebook · profile 1234');
    expect(describeProfile(readProfileField({ profile: '', platform: null }))).toBeNull();
  });
});

describe('fieldOfServerMessage', () => {
  it.each([
    ['Invalid body.emailAddress: Enter a valid email address.', 'email'],
    ['Invalid body.phoneNumber: A phone number can be at most 40 characters.', 'phone'],
    ['Invalid sources: instagram is given twice; give each platform once.', 'profile'],
    ['Invalid stageId: s9 is not a stage of this pipeline.', 'stageId'],
    ['Invalid pipeline: choose a pipeline you work in for this contact.', 'pipelineId'],
    ['Invalid tagIds: t9 is not a tag of this team.', 'tagIds'],
    ['Pipeline not found.', null],
  ])('%s shows at %s', (message, field) => {
    expect(fieldOfServerMessage(message)).toBe(field);
  });
});
