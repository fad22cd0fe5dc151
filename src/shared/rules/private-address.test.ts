import { describe, expect, it } from 'vitest';
import { isUnreachableFromOutside } from './private-address';

describe('isUnreachableFromOutside', () => {
  it.each([
    'http://localhost:5000',
    'http://127.0.0.1:5000',
    'http://10.1.2.3',
    'http://172.16.0.1',
    'http://172.31.255.255',
    'http://192.168.1.20:8080',
    'http://169.254.169.254',
    'http://100.64.0.1',
    'http://[::1]:5000',
    'http://[fd12:3456::1]',
    'http://[fe80::1]',
    'http://[::ffff:127.0.0.1]',
    'http://dispatch.local',
    'http://intranet',
    'http://app.localhost',
    'not a url',
  ])('%s is not reachable by vendors', (url) => expect(isUnreachableFromOutside(url)).toBe(true));

  it.each([
    'https://dispatch.agency.com',
    'http://8.8.8.8',
    'http://172.32.0.1',
    'http://192.169.0.1',
    'http://[2001:db8::1]',
    'https://a.b.c.example.org:8443',
  ])('%s is reachable', (url) => expect(isUnreachableFromOutside(url)).toBe(false));
});
