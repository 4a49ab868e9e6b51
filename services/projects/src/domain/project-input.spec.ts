import { describe, expect, it } from '@jest/globals';
import { createProjectSchema, normalizeTags, updateProjectSchema } from '@projectory/contracts';
import { zodIssues } from '@projectory/platform';

const valid = { title: 'Landing page', description: 'Build it with us.', exchangeType: 'mentorship' };
const issuesOf = (schema: typeof createProjectSchema | typeof updateProjectSchema, body: unknown) => {
  const result = schema.safeParse(body);
  return result.success ? [] : zodIssues(result.error);
};

describe('project input (contracts)', () => {
  it('normalises tags: trimmed, inner space collapsed, empty dropped, case-insensitive duplicates after the first dropped', () => {
    expect(
      normalizeTags(['  React ', '', '   ', 'react', 'Node   JS', 'node js', 'REACT', 'Type\u0000Script']),
    ).toEqual(['React', 'Node JS', 'TypeScript']);
  });

  it('gives the prototype messages for the required fields', () => {
    expect(issuesOf(createProjectSchema, {})).toEqual([
      { path: 'title', message: 'Title is required' },
      { path: 'description', message: 'Description is required' },
      { path: 'exchangeType', message: 'Exchange type is required' },
    ]);
    expect(issuesOf(createProjectSchema, { title: '  ', description: '', exchangeType: '' })).toEqual([
      { path: 'title', message: 'Title is required' },
      { path: 'description', message: 'Description is required' },
      { path: 'exchangeType', message: 'Exchange type is required' },
    ]);
  });

  it('allows 100 and 1000 characters, refuses one more', () => {
    expect(issuesOf(createProjectSchema, { ...valid, title: 'x'.repeat(100), description: 'y'.repeat(1000) })).toEqual(
      [],
    );
    expect(issuesOf(createProjectSchema, { ...valid, title: 'x'.repeat(101), description: 'y'.repeat(1001) })).toEqual([
      { path: 'title', message: 'Title must be less than 100 characters' },
      { path: 'description', message: 'Description must be less than 1000 characters' },
    ]);
  });

  it('caps tags after normalising them, and names the over-long one', () => {
    const many = Array.from({ length: 20 }, (_, i) => `Skill ${i}`);
    const parsed = createProjectSchema.parse({ ...valid, requiredSkills: [...many, 'skill 0', ' ', 'SKILL 1'] });
    expect(parsed.requiredSkills).toEqual(many);
    expect(issuesOf(createProjectSchema, { ...valid, culturalValues: [...many, 'One more'] })).toEqual([
      { path: 'culturalValues', message: 'Add at most 20 cultural values' },
    ]);
    expect(issuesOf(createProjectSchema, { ...valid, requiredSkills: ['ok', 'z'.repeat(51)] })).toEqual([
      { path: 'requiredSkills.1', message: 'Each required skill must be at most 50 characters' },
    ]);
  });

  it('makes blank optional text null and leaves absent fields absent in a change', () => {
    expect(createProjectSchema.parse({ ...valid, duration: '  ', exchangeDescription: null })).toMatchObject({
      duration: null,
      exchangeDescription: null,
      requiredSkills: [],
      culturalValues: [],
    });
    expect(updateProjectSchema.parse({ isActive: false })).toEqual({ isActive: false });
    expect(issuesOf(updateProjectSchema, { title: '', employerId: 'x' })).toEqual([
      { path: 'title', message: 'Title is required' },
      { path: 'employerId', message: 'Unknown field' },
    ]);
  });
});
