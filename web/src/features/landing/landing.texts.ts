/**
 * Every text of the landing page. Labels, section names, card and step titles and the pricing come
 * from the prototype spec (§2 "Landing page", §9 "Pricing plans"); PRODUCT.md changes the assessment
 * duration (about 5 minutes) and rules out invented figures, so the about section states product facts.
 */

export type SectionId = 'home' | 'features' | 'how-it-works' | 'testimonials' | 'pricing' | 'about';

export type IconName =
  'clipboard' | 'sparkles' | 'exchange' | 'dashboard' | 'employer' | 'chat' | 'student' | 'briefcase';

export const routes = {
  signIn: '/login',
  signUp: '/signup',
  privacy: '/privacy',
  terms: '/terms',
} as const;

export const brand = {
  name: 'Projectory',
  tagline: 'Build your future. One experience at a time.',
  homeLabel: 'Projectory home',
} as const;

export const nav = {
  skipLink: 'Skip to main content',
  label: 'Main',
  links: [
    { id: 'home', label: 'Home' },
    { id: 'features', label: 'Features' },
    { id: 'how-it-works', label: 'How It Works' },
    { id: 'pricing', label: 'Pricing' },
    { id: 'about', label: 'About' },
  ] satisfies { id: SectionId; label: string }[],
  signIn: 'Sign In',
  getStarted: 'Get Started',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
} as const;

export const hero = {
  eyebrow: 'For students, job seekers and employers',
  titleLines: ['Build your future.', 'One experience at a time.'],
  lead:
    'Projectory connects students and job seekers with employers through real projects. Take a short culture ' +
    'assessment, get matched on values and skills, and earn mentorship, certifications and experience for your work.',
  primaryCta: 'Start Your Assessment',
  secondaryCta: 'Sign In',
  note: 'The assessment takes about 5 minutes',
  sample: {
    caption: 'Sample match',
    matchLabel: 'match',
    score: 98,
    project: 'Mobile App Usability Study',
    exchange: 'Mentorship & Guidance',
    scores: [
      { label: 'Culture fit', value: 97 },
      { label: 'Skills match', value: 100 },
    ],
    skills: ['User Research', 'Figma', 'Prototyping'],
    reasonsTitle: 'Why it fits',
    reasons: ['Shares your top 3 values: Growth, Integrity, Collaboration', 'You have all 3 required skills'],
  },
} as const;

export const features = {
  eyebrow: 'Features',
  title: 'Everything you need to grow, in one place',
  lead: 'From your first assessment to a verified portfolio, Projectory supports every step for both sides of the match.',
  cards: [
    {
      icon: 'clipboard',
      title: 'Culture Assessment',
      body: 'Discover how you work best, the leaders you thrive with and the values you care about. It takes about 5 minutes.',
    },
    {
      icon: 'sparkles',
      title: 'AI-Powered Matching',
      body: 'Projects are ranked by culture fit and skill overlap, and every score comes with its reasons, so you know why a match fits.',
    },
    {
      icon: 'exchange',
      title: 'Skill Exchange System',
      body: 'Trade your skills for what moves your career forward: mentorship, certifications, work experience, portfolio projects and more.',
    },
    {
      icon: 'dashboard',
      title: 'Student Dashboard',
      body: 'Follow your applications, matches and messages in one place, with career recommendations built on your results.',
    },
    {
      icon: 'employer',
      title: 'Employer Portal',
      body: 'Post projects, pre-screen candidates for cultural fit, accept the right people and build your talent pipeline.',
    },
    {
      icon: 'chat',
      title: 'Integrated Communication',
      body: 'Message your matches in real time, share files and start video calls without leaving Projectory.',
    },
  ] satisfies { icon: IconName; title: string; body: string }[],
} as const;

export const howItWorks = {
  eyebrow: 'How It Works',
  title: 'From first step to real experience',
  lead: 'Two sides, one simple process.',
  tracks: [
    {
      icon: 'student',
      title: 'For Students',
      steps: [
        {
          title: 'Complete Assessment',
          body: 'Answer 7 questions about your work style, leadership fit, values and ideal workplace.',
        },
        {
          title: 'Get Matched',
          body: 'See projects ranked by culture fit and skills, with the reasons behind every score.',
        },
        {
          title: 'Connect & Collaborate',
          body: 'Apply, message the employer and work together on a real project.',
        },
        {
          title: 'Build Portfolio',
          body: 'Show your work and earn skills verified by the employers you worked with.',
        },
      ],
    },
    {
      icon: 'briefcase',
      title: 'For Employers',
      steps: [
        {
          title: 'Post Projects',
          body: 'Describe the work, the skills it needs and what you offer in exchange.',
        },
        {
          title: 'Review Matches',
          body: 'See candidates ranked by cultural fit and skills, then accept the ones you want to work with.',
        },
        {
          title: 'Collaborate',
          body: 'Work together through messages, file sharing and video calls.',
        },
        {
          title: 'Build Pipeline',
          body: 'Keep in touch with the people who delivered and grow your future talent pipeline.',
        },
      ],
    },
  ] satisfies { icon: IconName; title: string; steps: { title: string; body: string }[] }[],
} as const;

// Projectory has no users' quotes to show yet; these are labelled as illustrations, not testimonials
// from real people. Replace them with real, consented quotes when there are some.
export const testimonials = {
  eyebrow: 'Testimonials',
  title: 'Stories Projectory is built for',
  lead: 'Illustrative examples of what students and employers come to Projectory for, not quotes from real users.',
  items: [
    {
      quote:
        'I had the skills but no experience to show for them. A real project gave me both, and a mentor who could vouch for my work.',
      role: 'Computer Science Student',
      initial: 'S',
    },
    {
      quote:
        'Seeing why a candidate fits our culture, not just a score, makes it much easier to choose who to work with.',
      role: 'Hiring Manager at a Startup',
      initial: 'H',
    },
    {
      quote: 'Trading my design skills for a certification lets me move into a new field without starting from zero.',
      role: 'Career Changer',
      initial: 'C',
    },
  ],
} as const;

export interface Plan {
  name: string;
  price: string;
  period?: string;
  description: string;
  badge?: string;
  features: string[];
  cta: { label: string; href: string };
  featured?: boolean;
}

export const pricing = {
  eyebrow: 'Pricing',
  title: 'Choose the plan that fits you',
  lead: 'Start free as a student. Upgrade when you need more.',
  plans: [
    {
      name: 'Student',
      price: 'Free',
      description: 'For students and job seekers getting started.',
      features: [
        'Culture assessment',
        'AI job matching',
        'Basic skill bartering',
        'Student community',
        'Portfolio showcase',
        '5 employer connections per month',
      ],
      cta: { label: 'Get Started Free', href: routes.signUp },
    },
    {
      name: 'Professional',
      price: '$29',
      period: 'per month',
      description: 'For ambitious people who want to move faster.',
      badge: 'Most Popular',
      featured: true,
      features: [
        'Unlimited employer connections',
        'Advanced skill verification',
        'Priority matching',
        'Direct messaging with employers',
        'Career coaching sessions',
        'Industry insights and trends',
        'Custom portfolio templates',
      ],
      cta: { label: 'Start Professional Trial', href: routes.signUp },
    },
    {
      name: 'Enterprise',
      price: 'Custom',
      description: 'For organizations building a talent pipeline.',
      features: [
        'Bulk talent sourcing',
        'Custom assessment creation',
        'Advanced analytics dashboard',
        'API access and integrations',
        'Dedicated account manager',
        'Custom onboarding and training',
        'SLA and priority support',
      ],
      cta: { label: 'Get Started', href: routes.signUp },
    },
  ] satisfies Plan[],
  allPlansTitle: 'All plans include',
  allPlans: ['24/7 support', '14-day money-back guarantee', 'No setup fees', 'Cancel anytime', 'Secure payments'],
} as const;

export const about = {
  eyebrow: 'About',
  title: 'About Projectory',
  missionTitle: 'Our Mission',
  mission: [
    'Projectory bridges learning and earning. Students and job seekers gain real experience, mentorship and credentials by working on real projects, and employers meet people who fit their culture before they hire.',
    'Every match is explained, so both sides understand why they belong together.',
  ],
  statsLabel: 'Projectory in numbers',
  // Facts about the product, not usage figures.
  stats: [
    { value: '7', label: 'assessment questions, about 5 minutes in all' },
    { value: '6', label: 'kinds of exchange, from mentorship to certifications' },
    { value: '100%', label: 'of match scores explained with reasons' },
    { value: '24/7', label: 'support on every plan' },
  ],
} as const;

export const closingCta = {
  title: 'Ready to build your future?',
  lead: 'Take the culture assessment and find the projects where you fit.',
  cta: 'Get Started',
  note: 'Free to get started • No credit card required',
} as const;

export const footer = {
  blurb: 'Projectory links students and job seekers with employers through real projects.',
  navLabel: 'Footer',
  columns: [
    {
      title: 'Product',
      links: [
        { label: 'Features', href: '#features' },
        { label: 'How It Works', href: '#how-it-works' },
        { label: 'Pricing', href: '#pricing' },
        { label: 'About', href: '#about' },
      ],
    },
    {
      title: 'Account',
      links: [
        { label: 'Sign In', href: routes.signIn },
        { label: 'Get Started', href: routes.signUp },
      ],
    },
    {
      title: 'Legal',
      links: [
        { label: 'Privacy Policy', href: routes.privacy },
        { label: 'Terms of Service', href: routes.terms },
      ],
    },
  ],
  copyright: (year: number) => `© ${year} Projectory. All rights reserved.`,
} as const;
