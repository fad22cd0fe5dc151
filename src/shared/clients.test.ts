import { describe, expect, it } from 'vitest';
import { CLIENTS, findClient, svgDataUri, wordmarkSvg } from './clients';
import { clientsFileSchema, parseClientsFile } from './clients-file';
import clientsFile from './clients.json';

describe('CLIENTS', () => {
  it('is the shipped clients file as its schema reads it', () => {
    expect(parseClientsFile(clientsFile)).toEqual(CLIENTS);
  });

  it('holds the nine clients, the six SPEC names first and three placeholders', () => {
    expect(CLIENTS.map((client) => client.slug)).toEqual([
      'goa-victory',
      'gun-owners',
      'club-growth',
      'club-growth-action',
      'ron-pac',
      'heritage-action',
      'client-seven',
      'client-eight',
      'client-nine',
    ]);
    expect(CLIENTS.slice(6).every((client) => client.displayName.endsWith('(placeholder)'))).toBe(true);
  });

  it('gives every client a dark and a white wordmark as SVG data URIs', () => {
    for (const client of CLIENTS) {
      expect(client.logo.startsWith('data:image/svg+xml,')).toBe(true);
      expect(decodeURIComponent(client.logo)).toContain('fill="#1e293b"');
      expect(decodeURIComponent(client.logoWhite)).toContain('fill="#ffffff"');
    }
  });
});

describe('findClient', () => {
  it('finds by slug', () => {
    expect(findClient('club-growth')?.displayName).toBe('Club for Growth');
    expect(findClient('nobody')).toBeUndefined();
    expect(findClient(null)).toBeUndefined();
  });
});

describe('wordmarkSvg', () => {
  it('writes the name as escaped SVG text', () => {
    const svg = wordmarkSvg('A & B <PAC>', '#ffffff');
    expect(svg).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
    expect(svg).toContain('A &amp; B');
    expect(svg).not.toContain('<PAC>');
    expect(svg).not.toContain('<script');
  });

  it('splits a long name over two lines', () => {
    const svg = wordmarkSvg('Gun Owners of America', '#000');
    expect(svg.match(/<tspan/g)).toHaveLength(2);
    expect(svg).toContain('>Gun Owners</tspan>');
    expect(svg).toContain('>of America</tspan>');
  });

  it('makes a data URI', () => {
    expect(svgDataUri('<svg/>')).toBe('data:image/svg+xml,%3Csvg%2F%3E');
  });
});

describe('clients file', () => {
  it('accepts a replacement with its own names and logos', () => {
    const clients = parseClientsFile([
      { slug: 'jane-doe', displayName: 'Jane Doe for Senate', logo: 'https://cdn.example.org/jane.svg' },
      { slug: 'john-roe', displayName: 'John Roe' },
    ]);
    expect(clients[0]).toMatchObject({ slug: 'jane-doe', logo: 'https://cdn.example.org/jane.svg' });
    expect(clients[0]?.logoWhite.startsWith('data:image/svg+xml,')).toBe(true);
    expect(findClient('john-roe', clients)?.displayName).toBe('John Roe');
  });

  it('names what is wrong in a bad file', () => {
    const issues = (value: unknown) =>
      clientsFileSchema.safeParse(value).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(issues([{ slug: 'Bad Slug', displayName: 'X' }])).toEqual([
      "0.slug: must be lowercase words joined by '-', like 'goa-victory'",
    ]);
    expect(issues([{ slug: 'a', displayName: '' }])).toEqual(['0.displayName: is required']);
    expect(
      issues([
        { slug: 'a', displayName: 'A' },
        { slug: 'a', displayName: 'B' },
      ]),
    ).toEqual([': must not repeat a slug']);
    expect(issues([{ slug: 'a', displayName: 'A', logo: 'javascript:alert(1)' }])).toHaveLength(1);
    expect(issues([{ slug: 'a', displayName: 'A', logo: '//evil.example/x.svg' }])).toHaveLength(1);
    expect(issues({})).toEqual([': must be a list of clients']);
  });
});
