import { describe, expect, it } from 'vitest';
import { isHostingDefaultDomain } from './app-config';

describe('isHostingDefaultDomain', () => {
  it.each([
    { name: 'matches a listed host', hostname: 'localhost', domains: ['localhost'], expected: true },
    {
      name: 'matches a subdomain of a listed domain',
      hostname: 'gt-123.onrender.com',
      domains: ['onrender.com'],
      expected: true,
    },
    {
      name: 'ignores case and spaces',
      hostname: 'APP.Example.com',
      domains: [' example.com '],
      expected: true,
    },
    {
      name: 'does not match the real address',
      hostname: 'app.grouptrack.co',
      domains: ['onrender.com'],
      expected: false,
    },
    {
      name: 'does not match a look-alike suffix',
      hostname: 'evilonrender.com',
      domains: ['onrender.com'],
      expected: false,
    },
    { name: 'does not match when no domains are set', hostname: 'localhost', domains: [], expected: false },
    { name: 'does not match an empty entry', hostname: 'localhost', domains: [''], expected: false },
  ])('$name', ({ hostname, domains, expected }) => {
    expect(isHostingDefaultDomain(hostname, domains)).toBe(expected);
  });
});
