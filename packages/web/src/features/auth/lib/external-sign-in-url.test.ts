import { describe, expect, it } from 'vitest';
import { externalSignInUrl } from './external-sign-in-url';

describe('externalSignInUrl', () => {
  it('appends the language as a path segment and passes the reason on', () => {
    expect(externalSignInUrl('https://auth.example/login', 'fi', 'missingExpiryCookie')).toBe(
      'https://auth.example/login/fi?reason=missingExpiryCookie',
    );
  });

  it('has no query without a reason and no double slash after a trailing one', () => {
    expect(externalSignInUrl('https://auth.example/', 'et', null)).toBe('https://auth.example/et');
    expect(externalSignInUrl('https://auth.example/sso/', 'ru', '')).toBe('https://auth.example/sso/ru');
  });

  it('keeps query values the URL already has', () => {
    expect(externalSignInUrl('https://auth.example/start?tenant=a', 'en', 'apiRequestUnauthorized')).toBe(
      'https://auth.example/start/en?tenant=a&reason=apiRequestUnauthorized',
    );
  });

  it('takes a relative address against this origin', () => {
    expect(externalSignInUrl('/sso', 'fi', null)).toBe(`${window.location.origin}/sso/fi`);
  });
});
