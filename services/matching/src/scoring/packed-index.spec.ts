import { describe, expect, it } from '@jest/globals';
import { employerAsProject, explainPair, explainPeople } from './culture-skill-overlap.js';
import { ProjectIndex, StudentIndex } from './packed-index.js';
import { bruteTopProjects, bruteTopStudents } from './reference-ranking.js';
import type { PairScore, ProjectProfile, StudentProfile } from './scoring.types.js';
import { generateProjects, generateStudents, Random, SkillCatalogue } from './synthetic.js';

const catalogue = new SkillCatalogue({ skills: 40 });

const scoreOf = (student: StudentProfile, project: ProjectProfile): PairScore => {
  const { culture, skills, overall } = explainPair(student, project);
  return { culture, skills, overall };
};

function data(seed: number, students: number, projects: number) {
  const random = new Random(seed);
  return {
    random,
    students: generateStudents(random, students, catalogue, { assessed: 0.8 }),
    projects: generateProjects(random, projects, catalogue),
  };
}

describe('ProjectIndex', () => {
  it('ranks projects for a student exactly like a brute force over explainPair', () => {
    const { students, projects } = data(11, 300, 400);
    const index = new ProjectIndex();
    for (const project of projects) index.upsert(project);
    expect(index.size).toBe(400);
    for (const student of students) {
      expect(index.topProjectsFor(student, 20)).toEqual(bruteTopProjects(student, projects, 20));
    }
    expect(index.topProjectsFor(students[0]!, 1000)).toEqual(bruteTopProjects(students[0]!, projects, 1000));
    expect(index.topProjectsFor(students[0]!, 0)).toEqual([]);
  });

  it('breaks ties by project id', () => {
    const twin = (id: string): ProjectProfile => ({
      id,
      employerId: 'e',
      culturalValues: ['Growth'],
      requiredSkills: ['React'],
      employerVector: null,
    });
    const index = new ProjectIndex();
    for (const id of ['p5', 'p1', 'p4', 'p2', 'p3']) index.upsert(twin(id));
    const student: StudentProfile = {
      id: 's',
      values: ['growth'],
      vector: null,
      skills: [{ name: 'react', level: 'Advanced', verified: false }],
    };
    expect(index.topProjectsFor(student, 3).map((ranked) => ranked.projectId)).toEqual(['p1', 'p2', 'p3']);
  });

  it('stays consistent through random upserts and removals', () => {
    const { random, students, projects } = data(12, 40, 600);
    const index = new ProjectIndex();
    const live = new Map<string, ProjectProfile>();
    const pool = projects.slice(0, 300);
    const replacements = projects.slice(300);
    for (let op = 0; op < 1500; op++) {
      const roll = random.next();
      if (roll < 0.45 || live.size === 0) {
        const project = random.pick(pool);
        index.upsert(project);
        live.set(project.id, project);
      } else if (roll < 0.75) {
        // The same id with another project's skills, values and vector (grows and shrinks skill lists).
        const id = random.pick([...live.keys()]);
        const changed = { ...random.pick(replacements), id };
        index.upsert(changed);
        live.set(id, changed);
      } else if (roll < 0.97) {
        const id = random.pick([...live.keys()]);
        expect(index.remove(id)).toBe(true);
        live.delete(id);
      } else {
        expect(index.remove('no-such-project')).toBe(false);
      }
      expect(index.size).toBe(live.size);
      if (op % 100 === 99) {
        for (const student of random.sample(students, 5)) {
          expect(index.topProjectsFor(student, 15)).toEqual(bruteTopProjects(student, live.values(), 15));
        }
      }
    }
    for (const student of students) {
      expect(index.topProjectsFor(student, 15)).toEqual(bruteTopProjects(student, live.values(), 15));
    }
  });
});

describe('StudentIndex', () => {
  const { students, projects } = data(13, 400, 300);
  const index = new StudentIndex();
  for (const student of students) index.upsert(student);

  it('ranks students for a project exactly like a brute force over explainPair', () => {
    expect(index.size).toBe(400);
    for (const project of projects) {
      expect(index.topStudentsFor(project, 20)).toEqual(bruteTopStudents(project, students, 20));
    }
  });

  it('scores every student for a project, aligned with the ids', () => {
    for (const project of projects.slice(0, 50)) {
      const { studentIds, overall } = index.scoreStudents(project);
      expect(studentIds).toHaveLength(students.length);
      const byId = new Map(students.map((student) => [student.id, student]));
      const expected = studentIds.map((id) => scoreOf(byId.get(id)!, project).overall);
      expect([...overall]).toEqual(expected);
      const some = studentIds.slice(0, 25);
      expect(index.scoresFor(project, [...some, 'nobody'])).toEqual([
        ...some.map((id) => scoreOf(byId.get(id)!, project)),
        null,
      ]);
    }
  });

  it('ranks students for an employer like explainPeople', () => {
    const employer = {
      id: 'e1',
      values: ['growth', 'integrity'],
      vector: [0, 0.25, 0.5, 0.75, 1, 0.5, 0.5],
      requiredSkills: ['JS', 'Python', 'SQL'],
    };
    const ranked = index.topStudentsFor(employerAsProject(employer), 10);
    const byId = new Map(students.map((student) => [student.id, student]));
    for (const { studentId, score } of ranked) {
      const { culture, skills, overall } = explainPeople(byId.get(studentId)!, employer);
      expect(score).toEqual({ culture, skills, overall });
    }
  });

  it('stays consistent through random upserts and removals', () => {
    const random = new Random(14);
    const more = generateStudents(random, 300, catalogue);
    const dynamic = new StudentIndex();
    const live = new Map<string, StudentProfile>();
    for (let op = 0; op < 1500; op++) {
      const roll = random.next();
      if (roll < 0.45 || live.size === 0) {
        const student = random.pick(more.slice(0, 150));
        dynamic.upsert(student);
        live.set(student.id, student);
      } else if (roll < 0.75) {
        const id = random.pick([...live.keys()]);
        const changed = { ...random.pick(more.slice(150)), id };
        dynamic.upsert(changed);
        live.set(id, changed);
      } else {
        const id = random.pick([...live.keys()]);
        expect(dynamic.remove(id)).toBe(true);
        live.delete(id);
      }
      expect(dynamic.size).toBe(live.size);
      if (op % 100 === 99) {
        for (const project of random.sample(projects, 5)) {
          expect(dynamic.topStudentsFor(project, 15)).toEqual(bruteTopStudents(project, live.values(), 15));
          const { studentIds, overall } = dynamic.scoreStudents(project);
          expect(new Set(studentIds)).toEqual(new Set(live.keys()));
          studentIds.forEach((id, i) => expect(overall[i]).toBe(scoreOf(live.get(id)!, project).overall));
        }
      }
    }
  });
});
