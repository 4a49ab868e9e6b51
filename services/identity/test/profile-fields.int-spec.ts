import { beforeAll, expect, it } from '@jest/globals';
import { type EventEnvelope, type User, UserUpdatedV1 } from '@projectory/contracts';
import { useApiStack } from '@projectory/api-stack';
import { describeWithInfra, recordEvents, signUpPerson, waitFor } from '@projectory/testing';

const patch = { school: 'State University', major: 'Computer Science', graduationYear: 2027 };
const links = [
  { label: 'GitHub', url: 'https://github.com/ada' },
  { label: 'Site', url: 'http://ada.example/portfolio?tab=1' },
];

await describeWithInfra(['postgres'], 'identity: the candidate profile fields', () => {
  const stack = useApiStack(['identity'], { SIGNUPS_PER_IP_PER_HOUR: '1000' });
  let events: EventEnvelope[] = [];

  beforeAll(async () => {
    events = (await recordEvents(stack.bus, [UserUpdatedV1])).events;
  });

  it('starts empty, stores school, major, graduation year and links, and announces all but the links', async () => {
    const { client, user } = await signUpPerson(stack, 'student');
    expect(user).toMatchObject({ school: null, major: null, graduationYear: null, links: [] });

    const response = await client.mutate('PATCH', '/api/users/me', { ...patch, links });
    expect(response.status).toBe(200);
    expect(response.json<User>()).toMatchObject({ ...patch, links });
    expect((await client.get('/api/auth/user')).json<User>()).toMatchObject({ ...patch, links });

    const event = await waitFor(() => events.find((e) => e.key === user.id));
    expect(event.payload).toMatchObject({ userId: user.id, ...patch });
    expect(event.payload).not.toHaveProperty('links');
    expect(event.payload).not.toHaveProperty('bio');
  });

  it('trims the texts, clears with null or empty text, keeps what is not sent', async () => {
    const { client } = await signUpPerson(stack, 'student');
    await client.mutate('PATCH', '/api/users/me', { ...patch, links });
    const trimmed = await client.mutate('PATCH', '/api/users/me', {
      school: '  MIT  ',
      links: [{ label: ' Blog ', url: ' https://blog.example ' }],
    });
    expect(trimmed.json<User>()).toMatchObject({
      school: 'MIT',
      major: patch.major,
      graduationYear: 2027,
      links: [{ label: 'Blog', url: 'https://blog.example' }],
    });
    const cleared = await client.mutate('PATCH', '/api/users/me', {
      school: '',
      major: null,
      graduationYear: null,
      links: [],
    });
    expect(cleared.json<User>()).toMatchObject({ school: null, major: null, graduationYear: null, links: [] });
  });

  it.each([
    ['school', { school: 'x'.repeat(121) }, 'School must be at most 120 characters'],
    ['major', { major: 'x'.repeat(121) }, 'Major must be at most 120 characters'],
    ['graduationYear', { graduationYear: 1949 }, 'Graduation year must be 1950 or later'],
    ['graduationYear', { graduationYear: 2101 }, 'Graduation year must be 2100 or earlier'],
    ['graduationYear', { graduationYear: 2026.5 }, 'Graduation year must be a whole year'],
    ['graduationYear', { graduationYear: '2026' }, 'Graduation year must be a year such as 2026'],
    ['links', { links: 'https://x.example' }, 'Links must be a list of { label, url }'],
    [
      'links',
      { links: Array.from({ length: 6 }, (_, i) => ({ label: `L${i}`, url: `https://x.example/${i}` })) },
      'Add at most 5 links',
    ],
    ['links.0.label', { links: [{ label: '  ', url: 'https://x.example' }] }, 'Link label is required'],
    [
      'links.0.label',
      { links: [{ label: 'x'.repeat(41), url: 'https://x.example' }] },
      'Link label must be at most 40 characters',
    ],
    ['links.0.url', { links: [{ label: 'Site' }] }, 'Link URL is required'],
    [
      'links.1.url',
      { links: [links[0], { label: 'Bad', url: 'javascript:alert(1)' }] },
      'Link URL must be an http(s) address',
    ],
    ['links.0.url', { links: [{ label: 'FTP', url: 'ftp://files.example' }] }, 'Link URL must be an http(s) address'],
    ['links.0.url', { links: [{ label: 'Word', url: 'not a url' }] }, 'Link URL must be an http(s) address'],
    [
      'links.0.url',
      { links: [{ label: 'Long', url: `https://x.example/${'a'.repeat(2048)}` }] },
      'Link URL must be at most 2048 characters',
    ],
    ['links.0.extra', { links: [{ label: 'Site', url: 'https://x.example', extra: 1 }] }, undefined],
  ])('refuses a bad %s with 400 naming it and changes nothing', async (path, body, message) => {
    const { client } = await signUpPerson(stack, 'student');
    const response = await client.mutate('PATCH', '/api/users/me', { school: 'Kept out', ...body });
    expect(response.status).toBe(400);
    const { code, issues } = response.json<{ code: string; issues: { path: string; message: string }[] }>();
    expect(code).toBe('VALIDATION_FAILED');
    const issue = issues.find((i) => i.path === path) ?? issues.find((i) => i.path.startsWith(path.split('.')[0]!));
    expect(issue).toBeDefined();
    if (message) expect(issue!.message).toBe(message);
    expect((await client.get('/api/auth/user')).json<User>().school).toBeNull();
  });
});
