import { describe, expect, it } from '@jest/globals';
import { contentDisposition, mayReview } from './portfolio-rules.js';

describe('mayReview', () => {
  it('lets employers decide only items that wait, and never to the same status', () => {
    expect(mayReview('employer', 'pending', 'under_review')).toBe(true);
    expect(mayReview('employer', 'pending', 'verified')).toBe(true);
    expect(mayReview('employer', 'under_review', 'rejected')).toBe(true);
    expect(mayReview('employer', 'under_review', 'under_review')).toBe(false);
    expect(mayReview('employer', 'verified', 'rejected')).toBe(false);
    expect(mayReview('employer', 'rejected', 'verified')).toBe(false);
  });

  it('lets admins overturn a decision', () => {
    expect(mayReview('admin', 'verified', 'rejected')).toBe(true);
    expect(mayReview('admin', 'rejected', 'under_review')).toBe(true);
    expect(mayReview('admin', 'verified', 'verified')).toBe(false);
  });
});

describe('contentDisposition', () => {
  it('shows raster images inline and offers everything else as a download', () => {
    expect(contentDisposition('a.png', 'image/png')).toMatch(/^inline; /);
    expect(contentDisposition('a.svg', 'image/svg+xml')).toMatch(/^attachment; /);
    expect(contentDisposition('a.pdf', 'application/pdf')).toMatch(/^attachment; /);
  });

  it('keeps quotes, line breaks and non-ASCII names out of the plain filename', () => {
    const header = contentDisposition('évi "rapport"\r\n.pdf', 'application/pdf');
    expect(header).toBe(
      `attachment; filename="_vi _rapport___.pdf"; filename*=UTF-8''%C3%A9vi%20%22rapport%22%0D%0A.pdf`,
    );
    expect(contentDisposition("it's (1).txt", 'text/plain')).toContain(`filename*=UTF-8''it%27s%20%281%29.txt`);
  });
});
