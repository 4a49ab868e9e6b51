import { describe, expect, it } from '@jest/globals';
import { mailSetting, messageMail, preview } from './away-mail-texts.js';

describe('away mail texts', () => {
  it('quotes at most 140 characters, or names the file of a message without text', () => {
    expect(preview('x'.repeat(200), null)).toBe(`${'x'.repeat(139)}…`);
    expect(preview('', 'brief.pdf')).toBe('Sent a file: brief.pdf');
  });

  it('counts the unread messages and links the conversation', () => {
    const mail = messageMail(
      {
        match_id: 'm1',
        recipient_id: 'r1',
        email: 'ada@example.com',
        unread: true,
        sender_first_name: 'Grace',
        sender_last_name: 'Hopper',
        project_title: 'Compiler',
        content: 'Call me',
        file_name: null,
        unread_count: 3,
      },
      'https://projectory.example',
    );
    expect(mail.subject).toBe('New message from Grace Hopper');
    expect(mail.text).toContain('Grace Hopper sent you 3 unread messages about Compiler');
    expect(mail.text).toContain('"Call me"');
    expect(mail.text).toContain('https://projectory.example/messages?match=m1');
  });

  it('mails applications, status changes and workspace news under their settings, nothing else', () => {
    expect(mailSetting('application.received')).toBe('applications');
    expect(mailSetting('application.waiting')).toBe('applications');
    expect(mailSetting('invitation.received')).toBe('applications');
    expect(mailSetting('invitation.answered')).toBe('applications');
    expect(mailSetting('application.status_changed')).toBe('statusChanges');
    expect(mailSetting('submission.received')).toBe('statusChanges');
    expect(mailSetting('milestone.due_soon')).toBe('statusChanges');
    expect(mailSetting('session.starting')).toBe('statusChanges');
    expect(mailSetting('portfolio.verified')).toBeNull();
  });
});
