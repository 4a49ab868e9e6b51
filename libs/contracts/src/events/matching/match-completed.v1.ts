import { z } from 'zod';
import { defineEvent } from '../../envelope.js';
import { exchangeTypes } from '../../values/projects.js';
import { Topics } from '../../topics.js';
import { personalData } from '../personal-data.js';

/**
 * A collaboration was completed (every milestone approved): what a credential says of it, as matching
 * knew it at that moment (the project, the two people's names, the employer's company, the approved
 * milestones, the project's skills the student holds, the employer's recommendation). No e-mail.
 * Published beside MatchStatusChangedV1 in the completing transaction.
 */
export const MatchCompletedV1 = defineEvent({
  type: 'matching.match.completed',
  version: 1,
  topic: Topics.MatchingMatches,
  schema: z.object({
    matchId: z.uuid(),
    projectId: z.uuid(),
    studentId: z.uuid(),
    employerId: z.uuid(),
    project: z.object({
      title: z.string(),
      description: z.string(),
      exchangeType: z.enum(exchangeTypes),
    }),
    student: z.object({ firstName: personalData(z.string()), lastName: personalData(z.string()) }),
    employer: z.object({
      firstName: personalData(z.string()),
      lastName: personalData(z.string()),
      company: personalData(z.string().nullable()),
    }),
    /** In plan order. */
    milestones: z.array(
      z.object({ id: z.uuid(), title: z.string(), description: z.string(), approvedAt: z.iso.datetime() }),
    ),
    /** The project's required skills the student holds (their display names). */
    skills: z.array(z.string()),
    /** The employer's words about the student. */
    recommendation: personalData(z.string().nullable()),
    completedAt: z.iso.datetime(),
  }),
});
