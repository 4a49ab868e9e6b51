import { describe, expect, it } from '@jest/globals';
import { emailMatchesWebsite } from './email-domain.js';

describe('emailMatchesWebsite', () => {
  it.each([
    ['x@acme.example', 'https://acme.example'],
    ['x@acme.example', 'https://www.acme.example/about'],
    ['x@www.acme.example', 'https://www.acme.example'],
    ['X@ACME.Example', 'http://WWW.acme.example'],
    ['x@acme.example', 'https://jobs.eu.acme.example:8443/'],
  ])('accepts %s for %s', (email, website) => {
    expect(emailMatchesWebsite(email, website)).toBe(true);
  });

  it.each([
    ['x@example', 'https://www.acme.example', 'a public suffix alone'],
    ['x@other.example', 'https://acme.example', 'another domain'],
    ['x@notacme.example', 'https://acme.example', 'a suffix that is not a parent domain'],
    ['x@www.acme.example', 'https://acme.example', 'a subdomain of the host'],
    ['x@acme.example.evil', 'https://acme.example', 'the host as a prefix'],
    ['x@acme..example', 'https://acme.example', 'an empty label'],
    ['no-at-sign', 'https://acme.example', 'no domain'],
    ['x@acme.example', 'not a url', 'no website host'],
  ])('refuses %s for %s (%s)', (email, website) => {
    expect(emailMatchesWebsite(email, website)).toBe(false);
  });
});
