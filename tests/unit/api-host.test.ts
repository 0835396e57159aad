/** The one choice of the API origin that the browser, the server, the dev server and the content check share. */
import { expect, it } from 'vitest';
import { chooseApiHost } from '../../src/model/api-host.ts';

it('takes VITE_API_HOST over settings.apiHost, even when it is empty, and trims it', () => {
  expect(chooseApiHost(' https://api.example.com ', 'https://other.example.com')).toBe('https://api.example.com');
  expect(chooseApiHost('', 'https://other.example.com')).toBe('');
});

it('falls back to settings.apiHost, then to the site own origin (empty)', () => {
  expect(chooseApiHost(undefined, 'https://api.example.com')).toBe('https://api.example.com');
  expect(chooseApiHost(undefined, undefined)).toBe('');
  expect(chooseApiHost(undefined, 42)).toBe('');
});
