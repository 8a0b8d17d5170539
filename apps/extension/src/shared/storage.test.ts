import { describe, expect, it } from 'vitest';
import { isLocalOrigin, toServerOrigin } from './storage';

describe('toServerOrigin', () => {
  it.each([
    { address: 'http://localhost:3000', expected: 'http://localhost:3000' },
    { address: ' https://crm.example.com/contacts/pipeline ', expected: 'https://crm.example.com' },
    { address: 'https://crm.example.com:443/', expected: 'https://crm.example.com' },
    { address: 'crm.example.com', expected: null },
    { address: 'ftp://crm.example.com', expected: null },
    { address: 'javascript:alert(1)', expected: null },
    { address: 'https://user:pw@crm.example.com', expected: null },
  ])('$address → $expected', ({ address, expected }) => {
    expect(toServerOrigin(address)).toBe(expected);
  });
});

describe('isLocalOrigin', () => {
  it.each([
    { origin: 'http://localhost:3000', expected: true },
    { origin: 'http://127.0.0.1:8080', expected: true },
    { origin: 'https://localhost:3000', expected: false },
    { origin: 'http://localhost.example.com', expected: false },
  ])('$origin → $expected', ({ origin, expected }) => {
    expect(isLocalOrigin(origin)).toBe(expected);
  });
});
