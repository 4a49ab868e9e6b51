import { describe, expect, it } from '@jest/globals';
import { fullRematch } from './full-rematch.js';
import { bruteTopProjects, bruteTopStudents } from './reference-ranking.js';
import { generateProjects, generateStudents, Random, SkillCatalogue } from './synthetic.js';

const catalogue = new SkillCatalogue({ skills: 40 });
const random = new Random(21);
const students = generateStudents(random, 200, catalogue, { assessed: 0.8 });
const projects = generateProjects(random, 250, catalogue);

describe('fullRematch', () => {
  it('gives every student and every project the brute-force top k over explainPair', async () => {
    // Three in-process slices: the per-project heaps are merged as the worker threads' are.
    const result = await fullRematch(students, projects, 12, { workers: 0, slices: 3 });
    expect(result.pairs).toBe(200 * 250);
    expect(result.workers).toBe(0);
    for (const student of students) {
      expect(result.projectsFor(student.id)).toEqual(bruteTopProjects(student, projects, 12));
    }
    for (const project of projects) {
      expect(result.studentsFor(project.id)).toEqual(bruteTopStudents(project, students, 12));
    }
    expect(result.projectsFor('nobody')).toEqual([]);
  });

  it('gives the same tables whatever the number of slices', async () => {
    const one = await fullRematch(students, projects, 7, { workers: 0 });
    const many = await fullRematch(students, projects, 7, { workers: 0, slices: 16 });
    for (const key of ['counts', 'other', 'overall', 'culture', 'skills'] as const) {
      expect(many.byStudent[key]).toEqual(one.byStudent[key]);
      expect(many.byProject[key]).toEqual(one.byProject[key]);
    }
  });

  it('keeps the packed tables in id order, k entries per owner', async () => {
    const result = await fullRematch(students.slice(0, 30), projects.slice(0, 5), 10, { workers: 0, slices: 4 });
    const { byStudent, byProject } = result;
    expect(byStudent.ids).toEqual([...byStudent.ids].sort());
    expect(byStudent.otherIds).toEqual(byProject.ids);
    expect([...byStudent.counts]).toEqual(Array(30).fill(5)); // only 5 projects
    expect([...byProject.counts]).toEqual(Array(5).fill(10));
    const first = byStudent.ids[0]!;
    const entries = result.projectsFor(first);
    expect(entries.map((entry) => entry.projectId)).toEqual(
      [...byStudent.other.subarray(0, 5)].map((index) => byStudent.otherIds[index]),
    );
  });

  it('handles empty sides, k = 0 and duplicate ids (the last profile wins)', async () => {
    expect((await fullRematch([], projects, 5)).byProject.counts.every((count) => count === 0)).toBe(true);
    expect((await fullRematch(students, [], 5)).projectsFor(students[0]!.id)).toEqual([]);
    expect((await fullRematch(students, projects, 0)).projectsFor(students[0]!.id)).toEqual([]);
    const changed = { ...students[1]!, id: students[0]!.id };
    const result = await fullRematch([students[0]!, changed], projects, 3, { workers: 0 });
    expect(result.byStudent.ids).toEqual([students[0]!.id]);
    expect(result.projectsFor(students[0]!.id)).toEqual(bruteTopProjects(changed, projects, 3));
  });
});
