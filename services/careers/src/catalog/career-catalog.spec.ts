import { describe, expect, it } from '@jest/globals';
import { CORE_VALUES } from '@projectory/contracts';
import { z } from 'zod';
import { careerFields, workStyles, workStyleTargets } from './career.js';
import { careerCatalog, findCareer } from './catalog.js';
import { careersV1 } from './careers.v1.js';

const text = z.string().trim().min(1);
const sentences = (value: string) => value.split(/(?<=[.!?])\s+/).filter(Boolean).length;

/** What a catalog entry must be (issue 15): the file is data, checked here rather than trusted. */
const careerEntrySchema = z
  .object({
    title: text.max(60),
    field: z.enum(careerFields),
    description: text.refine((value) => sentences(value) >= 2 && sentences(value) <= 3, '2–3 sentences'),
    requiredSkills: z
      .array(text)
      .min(4)
      .max(8)
      .refine((skills) => new Set(skills).size === skills.length, 'skills are unique'),
    industries: z.array(text).min(2).max(6),
    bls: z.object({
      occupation: text,
      medianPay: z.number().int().min(20_000).max(300_000),
      outlookPercent: z.number().int().min(-30).max(80),
    }),
    timeToAchieve: text,
    nextSteps: z.array(text).min(2).max(5),
    workStyles: z
      .array(z.enum(workStyles as [string, ...string[]]))
      .min(1)
      .refine((styles) => {
        const dimensions = styles.flatMap((style) =>
          Object.keys(workStyleTargets[style as keyof typeof workStyleTargets]),
        );
        return new Set(dimensions).size === dimensions.length;
      }, 'work styles must not speak to one dimension twice (e.g. fast-paced and steady)'),
    values: z
      .array(z.enum(CORE_VALUES.map((value) => value.value) as [string, ...string[]]))
      .min(1)
      .max(3),
  })
  .strict();

describe('the career catalog (careers.v1)', () => {
  it('has at least 100 careers, each valid', () => {
    expect(careersV1.length).toBeGreaterThanOrEqual(100);
    const problems = careersV1.flatMap((career) => {
      const parsed = careerEntrySchema.safeParse(career);
      return parsed.success
        ? []
        : [`${career.title}: ${parsed.error.issues.map((i) => i.path.join('.') + ' ' + i.message).join('; ')}`];
    });
    expect(problems).toEqual([]);
  });

  it('names every career once (titles compare without case)', () => {
    const keys = careersV1.map((career) => career.title.toLowerCase());
    expect(keys.length - new Set(keys).size).toBe(0);
    for (const career of careersV1) expect(findCareer(` ${career.title.toUpperCase()} `)?.title).toBe(career.title);
    expect(findCareer('Astronaut Chef')).toBeUndefined();
  });

  it('covers every field with several careers', () => {
    for (const field of careerFields) {
      expect([field, careersV1.filter((career) => career.field === field).length >= 3]).toEqual([field, true]);
    }
  });

  it('derives growth from the OOH outlook: faster than average is High, as fast Medium, slower Low', () => {
    const growthOf = (title: string) => careerCatalog.find((career) => career.title === title)!.growthPotential;
    expect(growthOf('Data Scientist')).toBe('High'); // 36 %
    expect(growthOf('Registered Nurse')).toBe('High'); // 6 %, faster than average
    expect(growthOf('Carpenter')).toBe('Medium'); // 4 %
    expect(growthOf('Graphic Designer')).toBe('Low'); // 2 %
    expect(growthOf('Bookkeeper')).toBe('Low'); // −6 %
    const growths = new Set(careerCatalog.map((career) => career.growthPotential));
    expect([...growths].sort()).toEqual(['High', 'Low', 'Medium']);
  });

  it('says the salary as the OOH median', () => {
    expect(findCareer('Software Engineer')!.salaryRange).toBe('$130,160 median per year (US, BLS)');
  });
});
