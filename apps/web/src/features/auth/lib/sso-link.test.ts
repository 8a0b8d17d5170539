import { describe, expect, it } from 'vitest';
import { buildPlainSsoLink } from './sso-link';

describe('buildPlainSsoLink', () => {
  it.each([
    {
      name: 'joins the domain and a path',
      domain: 'grouptrack.co',
      redirectTo: '/pricing?plan=pro',
      expected: 'https://grouptrack.co/pricing?plan=pro',
    },
    {
      name: 'opens the home page without redirect_to',
      domain: 'grouptrack.co',
      redirectTo: null,
      expected: 'https://grouptrack.co/',
    },
    {
      name: 'keeps a full URL on the same domain',
      domain: 'grouptrack.co',
      redirectTo: 'https://grouptrack.co/courses',
      expected: 'https://grouptrack.co/courses',
    },
    {
      name: 'refuses a full URL on another domain',
      domain: 'grouptrack.co',
      redirectTo: 'https://evil.example/courses',
      expected: null,
    },
    {
      name: 'refuses a protocol-relative path',
      domain: 'grouptrack.co',
      redirectTo: '//evil.example',
      expected: null,
    },
    {
      name: 'refuses a domain with a path in it',
      domain: 'grouptrack.co/evil',
      redirectTo: '/',
      expected: null,
    },
    {
      name: 'refuses a domain with credentials',
      domain: 'user@evil.example',
      redirectTo: '/',
      expected: null,
    },
    {
      name: 'refuses a javascript URL',
      domain: 'grouptrack.co',
      redirectTo: 'javascript:alert(1)',
      expected: null,
    },
  ])('$name', ({ domain, redirectTo, expected }) => {
    expect(buildPlainSsoLink(domain, redirectTo)).toBe(expected);
  });
});
