import { describe, expect, it } from '@jest/globals';
import { notificationType } from './notification-type.js';

describe('notificationType', () => {
  it('names a new application for the employer', () => {
    expect(notificationType('match.created')).toBe('application.received');
  });

  it.each(['match.accepted', 'match.rejected', 'match.completed', 'match.withdrawn', 'match.closed'])(
    'names %s a status change',
    (kind) => {
      expect(notificationType(kind)).toBe('application.status_changed');
    },
  );

  it('keeps kinds that already are inbox types', () => {
    expect(notificationType('portfolio.verified')).toBe('portfolio.verified');
  });
});
