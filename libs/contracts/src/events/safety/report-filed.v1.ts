import { z } from 'zod';
import { defineEvent } from '../../envelope.js';
import { Topics } from '../../topics.js';
import { reportReasons, reportSources, reportTargetTypes, scamRules } from '../../values/safety.js';

/**
 * A report entered the admins' queue: filed by a user, or by the auto-flag rules. Never the reporter's
 * identity (a reported user must not learn who reported them from the stream).
 */
export const ReportFiledV1 = defineEvent({
  type: 'messaging.report.filed',
  version: 1,
  topic: Topics.MessagingReports,
  schema: z.object({
    reportId: z.uuid(),
    source: z.enum(reportSources),
    targetType: z.enum(reportTargetTypes),
    targetId: z.uuid(),
    reportedUserId: z.uuid(),
    reason: z.enum(reportReasons),
    flags: z.array(z.enum(scamRules.map((rule) => rule.id))).max(scamRules.length),
    filedAt: z.iso.datetime(),
  }),
});
