/**
 * The Terms of Service and Privacy Policy: short, plain and true to what Projectory does. The contact
 * address is a placeholder the operator replaces with a real mailbox before launch.
 */
export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export interface LegalDocument {
  documentTitle: string;
  title: string;
  updated: string;
  intro: string;
  sections: LegalSection[];
}

export const legalContact = 'support@projectory.example';

export const legalTexts = {
  backHome: 'Back to Home',
  contents: 'Contents',
  seeAlso: { terms: 'Terms of Service', privacy: 'Privacy Policy' },
} as const;

export const terms: LegalDocument = {
  documentTitle: 'Terms of Service · Projectory',
  title: 'Terms of Service',
  updated: 'Last updated: 23 November 2026',
  intro:
    'Projectory connects students and job seekers with employers through real projects. These terms apply to ' +
    'everyone who creates an account. By signing up you agree to them.',
  sections: [
    {
      heading: 'Your account',
      paragraphs: [
        'Give your real name and an e-mail address you can read. One account is for one person; do not share it.',
        'Keep your password to yourself. If you think someone else used your account, change your password in ' +
          'Settings: this signs out every other device.',
        'Choose the role that describes you: student or employer. Employers act on behalf of the organisation they name.',
      ],
    },
    {
      heading: 'Using Projectory',
      paragraphs: [
        'Be honest and respectful. Do not post anything unlawful, misleading, hateful or that infringes ' +
          "someone else's rights, and do not send spam or collect other users' data.",
        'Employers describe each project truthfully, including what the student receives in exchange ' +
          '(mentorship, a certification, a recommendation…), and provide it when the work is done.',
        'Do not try to break, overload or get around the security of the service.',
      ],
    },
    {
      heading: 'Projects and exchanges',
      paragraphs: [
        'Projectory suggests matches and explains them, but the agreement on a project is between the student ' +
          'and the employer. We do not guarantee any project, result, job or credential.',
      ],
    },
    {
      heading: 'What you upload',
      paragraphs: [
        'You keep the rights to your profile, portfolio files and messages. You allow us to store them and to ' +
          'show them to the people you share them with (for example, an employer you applied to), only to run the service.',
      ],
    },
    {
      heading: 'Plans',
      paragraphs: [
        'The Student plan is free and includes 5 employer connections (applications) per month. Paid plans and ' +
          'their prices are shown on our pricing page; we tell you before any price change applies to you.',
      ],
    },
    {
      heading: 'Ending your account',
      paragraphs: [
        `You may stop using Projectory at any time and ask us to delete your account by writing to ${legalContact}. ` +
          'We may suspend or close accounts that break these terms, and we tell you why.',
      ],
    },
    {
      heading: 'Liability and changes',
      paragraphs: [
        'We work to keep Projectory available and correct, but we provide it as it is, without warranties, as far ' +
          'as the law allows. We may update these terms; if a change matters, we tell you before it applies.',
        `Questions? Write to ${legalContact}.`,
      ],
    },
  ],
};

export const privacy: LegalDocument = {
  documentTitle: 'Privacy Policy · Projectory',
  title: 'Privacy Policy',
  updated: 'Last updated: 23 November 2026',
  intro:
    'This page explains what Projectory keeps about you, why, who can see it and how to have it deleted. ' +
    'We collect only what the service needs, and we never sell your data.',
  sections: [
    {
      heading: 'What we keep',
      paragraphs: [
        'Your account: name, e-mail address, role, plan and your password, which we store only as a secure hash, ' +
          'never in readable form.',
        'What you add: your profile (headline, bio, location, company, profile picture link), assessment ' +
          'answers, skills, portfolio files, projects, applications, messages and reviews.',
        'Security records: for each session, when it started and the network address and browser it came from, ' +
          'to protect your account.',
      ],
    },
    {
      heading: 'Why we keep it',
      paragraphs: [
        'To run Projectory: to match students and projects and explain each score, to let the two sides of a ' +
          'match talk to each other, to enforce plan limits, and to keep accounts safe. We do not use your data ' +
          'for advertising.',
      ],
    },
    {
      heading: 'Who can see it',
      paragraphs: [
        'Employers see the name, role, scores and portfolio of students who apply to their projects. Students ' +
          'see the projects and names of employers. Other users never see your e-mail address.',
        'Our administrators can see accounts to support users and stop abuse. We share data with nobody else, ' +
          'unless the law requires it.',
      ],
    },
    {
      heading: 'Cookies and browser storage',
      paragraphs: [
        'We use two cookies, both needed for the service: a session cookie that keeps you signed in (the ' +
          '"Remember me" box makes it last longer) and a security token that protects your account against ' +
          'forged requests. There are no advertising or analytics cookies.',
        'Your browser also keeps a small flag saying that you were signed in, and whether as a student, an ' +
          'employer or an admin, so that the pages you open can start drawing straight away. It holds nothing ' +
          'else about you and is removed when you log out.',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [
        'We keep your data while your account exists. Sessions end when you log out, when you change your ' +
          'password, or after a period without use; their security records are kept only as long as needed to ' +
          'protect your account.',
      ],
    },
    {
      heading: 'Your rights and deletion',
      paragraphs: [
        'You can see and correct your profile in Settings at any time. To get a copy of your data, or to have ' +
          `your account and personal data deleted, write to ${legalContact}: we do it on request, except for ` +
          'what the law obliges us to keep.',
      ],
    },
  ],
};
