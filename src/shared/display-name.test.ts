import { describe, expect, it } from 'vitest';
import { displayNameFromEmail, firstNameFromEmail } from './display-name';

describe('displayNameFromEmail', () => {
  it('capitalizes each part of the local part', () => {
    expect(displayNameFromEmail('jane.doe@agency.com')).toBe('Jane Doe');
    expect(displayNameFromEmail('JOHN_smith-jr@x.org')).toBe('John Smith Jr');
  });
  it('keeps a single-word local part', () => {
    expect(displayNameFromEmail('admin@agency.test')).toBe('Admin');
  });
  it('gives the first word as first name', () => {
    expect(firstNameFromEmail('mary.ann.lee@x.org')).toBe('Mary');
    expect(firstNameFromEmail('@x.org')).toBe('');
  });
});
