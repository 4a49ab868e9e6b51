import { z } from 'zod';
import { defineEvent } from '../../envelope.js';
import { Topics } from '../../topics.js';
import { reportActions, reportReasons, reportTargetTypes } from '../../values/safety.js';
import { personalData } from '../personal-data.js';

/**
 * An admin acted on a report (the admin service audits it). Suspensions and unpublishing are applied by
 * their owners first (identity, projects) and audited from their own events too. No reporter identity.
 */
export const ReportResolvedV1 = defineEvent({
  type: 'messaging.report.resolved',
  version: 1,
  topic: Topics.MessagingReports,
  schema: z.object({
    reportId: z.uuid(),
    targetType: z.enum(reportTargetTypes),
    targetId: z.uuid(),
    reportedUserId: z.uuid(),
    reason: z.enum(reportReasons),
    action: z.enum(reportActions),
    actorId: z.uuid(),
    /** The admin's note about the reported user. */
    note: personalData(z.string()),
    resolvedAt: z.iso.datetime(),
  }),
});
