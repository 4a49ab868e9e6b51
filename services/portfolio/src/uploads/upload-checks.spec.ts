import { describe, expect, it } from '@jest/globals';
import { parseCreation, sanitizeFileName } from './upload-metadata.js';
import { declaresText, TextCheck } from './upload-types.js';

const metadata = (pairs: Record<string, string>) =>
  Object.entries(pairs)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

describe('sanitizeFileName', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['C:\\Users\\me\\report.pdf', 'report.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['a\u0000b\u202e.pdf', 'ab.pdf'],
    ['  my   "best" <work>?.pdf ', 'my _best_ _work__.pdf'],
    ['...hidden', 'hidden'],
    ['', 'file'],
    ['/', 'file'],
  ])('%j → %j', (raw, clean) => {
    expect(sanitizeFileName(raw)).toBe(clean);
  });

  it('shortens long names to 200 characters, keeping the extension', () => {
    const name = sanitizeFileName(`${'é'.repeat(300)}.docx`);
    expect([...name].length).toBe(200);
    expect(name.endsWith('é.docx')).toBe(true);
  });
});

describe('parseCreation', () => {
  const owner = '0b0c6f0e-6c1a-4a57-9d43-3d4f3c2f1a10';

  it('reads the length and the metadata', () => {
    const headers = {
      'upload-length': '1234',
      'upload-metadata': metadata({ filename: 'Thesis.PDF', filetype: 'Application/PDF', purpose: 'portfolio' }),
    };
    expect(parseCreation(headers, owner)).toEqual({
      ownerId: owner,
      purpose: 'portfolio',
      size: 1234,
      fileName: 'Thesis.PDF',
      declaredType: 'application/pdf',
    });
  });

  it('names every bad header or field at once', () => {
    let issues: unknown;
    try {
      parseCreation({ 'upload-length': '-1', 'upload-metadata': metadata({ purpose: 'x', filetype: 'ä/ö' }) }, owner);
    } catch (error) {
      issues = (error as { issues: unknown }).issues;
    }
    expect(issues).toEqual([
      { path: 'Upload-Length', message: 'Upload-Length must be the file size in bytes' },
      { path: 'purpose', message: 'Purpose must be one of portfolio, attachment, avatar' },
      { path: 'filename', message: 'File name is required' },
      { path: 'filetype', message: 'File type must be a media type such as application/pdf' },
    ]);
  });
});

describe('text', () => {
  const check = (...chunks: number[][]) => {
    const text = new TextCheck();
    for (const chunk of chunks) text.update(Uint8Array.from(chunk));
    return text.result();
  };

  it('is valid UTF-8 without NUL, a character split across chunks included', () => {
    expect(check([0x68, 0xc3], [0xa9])).toBe(true);
    expect(check([0x68, 0x00, 0x69])).toBe(false);
    expect(check([0xff, 0xfe])).toBe(false);
    expect(check([0x68, 0xc3])).toBe(false);
  });

  it('is considered only when the client says text', () => {
    expect(declaresText('notes.md', null)).toBe(true);
    expect(declaresText('notes.bin', 'text/plain; charset=utf-8')).toBe(true);
    expect(declaresText('notes.pdf', 'application/pdf')).toBe(false);
  });
});
