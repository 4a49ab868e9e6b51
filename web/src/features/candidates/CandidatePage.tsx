import { Avatar, Button, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import type { CredentialSummary, UserSkill } from '@projectory/contracts';
import { toApiFailure } from '../../api/api-error';
import { Icon } from '../../shared/ui/Icon';
import { QueryError } from '../../shared/ui/LoadError';
import { MissingCard } from '../../shared/ui/MissingCard';
import { useDocumentTitle } from '../../shared/lib/use-document-title';
import { WorkingStyleBars } from '../../shared/ui/WorkingStyleBars';
import { PortfolioCard, type PortfolioItem } from '../portfolio';
import { ReviewList } from '../reviews';
import { useGetCandidateProfileQuery, type CandidateProfile } from './candidates.api';
import { candidatesTexts as t } from './candidates.texts';
import { ReviewDialog, type Decision } from './components/ReviewDialog';
import { palette } from '../../shared/theme';
import { CardSection } from '../../shared/ui/CardSection';
import { BackLink } from '../../shared/ui/BackLink';
import { CardList } from '../../shared/ui/CardList';
import { CredentialList } from '../../shared/ui/CredentialList';
import { RevokeCredentialDialog } from '../../shared/ui/RevokeCredentialDialog';
import { credentialsTexts } from '../../shared/ui/credentials.texts';
import { useCurrentUser } from '../../shared/session';
import './candidates.css';
import { ReportDialogPart } from '../../shared/ui/report-dialog-part';
import { safetyTexts } from '../../shared/ui/safety.texts';

type Person = CandidateProfile['user'];

const nameOf = (user: Person) => `${user.firstName} ${user.lastName}`.trim() || t.unnamed;

/**
 * /candidates/:userId: the candidate profile employers open from a candidate card (GET
 * /api/users/:id/profile): who they are, verified skills first, their portfolio with Verify and Reject
 * for an employer who works with them, their reviews and culture profile. Anyone the server does not
 * show it to gets the same 'not found' as for a missing profile.
 */
export function CandidatePage() {
  const { userId = '' } = useParams();
  const query = useGetCandidateProfileQuery(userId);
  const { data: profile, error, isLoading } = query;
  useDocumentTitle(t.documentTitle(profile ? nameOf(profile.user) : t.unnamed));
  const failure = error ? toApiFailure(error) : undefined;

  let body;
  if (isLoading) {
    body = (
      <div role="status" className="pj-card">
        <span className="pj-visually-hidden">{t.loading}</span>
        <Skeleton active avatar paragraph={{ rows: 4 }} />
      </div>
    );
  } else if (!profile && (failure?.status === 404 || failure?.status === 400)) {
    body = <MissingCard title={t.notFound.title} body={t.notFound.body} to="/dashboard" action={t.notFound.cta} />;
  } else if (!profile) {
    body = <QueryError title={t.loadError} query={query} retryLabel={t.retry} />;
  } else {
    body = <Profile profile={profile} />;
  }

  return (
    <div className="pj-candidate-page">
      <BackLink to="/dashboard" label={t.back} className="pj-candidate-page__back" />
      {body}
    </div>
  );
}

function Profile({ profile }: { profile: CandidateProfile }) {
  const { user } = profile;
  const name = nameOf(user);
  return (
    // On a phone: who they are, then their skills and work, then reviews and culture.
    <div className="pj-candidate-page__grid">
      <Identity user={user} name={name} />
      <div className="pj-candidate-page__main">
        <Skills skills={profile.skills} name={name} />
        {profile.credentials && <Credentials credentials={profile.credentials} studentId={user.id} name={name} />}
        <Portfolio items={profile.portfolio} ownerId={user.id} canVerify={profile.canVerify} />
      </div>
      <div className="pj-candidate-page__more">
        <Reviews userId={user.id} name={name} />
        <Culture assessment={profile.assessment} />
      </div>
    </div>
  );
}

function Identity({ user, name }: { user: Person; name: string }) {
  const education = [user.school, user.major].filter(Boolean).join(' · ');
  const viewer = useCurrentUser();
  const [reporting, setReporting] = useState(false);
  return (
    <section className="pj-card pj-candidate-page__identity" aria-labelledby="candidate-name">
      <div className="pj-candidate-page__who">
        <Avatar size={72} src={user.profileImageUrl || undefined} alt="" className="pj-candidate-page__avatar">
          {(user.firstName.trim()[0] ?? 'U').toUpperCase()}
        </Avatar>
        <div className="pj-candidate-page__names">
          <h1 id="candidate-name" className="pj-page-header__title">
            {name}
          </h1>
          {user.headline && <p className="pj-candidate-page__headline">{user.headline}</p>}
          {user.location && <p className="pj-candidate-page__muted">{user.location}</p>}
        </div>
      </div>
      {viewer.id !== user.id && viewer.role !== 'admin' && (
        <Button type="text" danger onClick={() => setReporting(true)} onMouseEnter={ReportDialogPart.preload}>
          {safetyTexts.report.openLabel(name)}
        </Button>
      )}
      {reporting && (
        <ReportDialogPart target={{ type: 'user', id: user.id }} what={name} onClose={() => setReporting(false)} />
      )}
      {(education || user.graduationYear) && (
        <div className="pj-candidate-page__block">
          <h2 className="pj-candidate-page__subtitle">{t.education}</h2>
          {education && <p className="pj-candidate-page__text">{education}</p>}
          {user.graduationYear && <p className="pj-candidate-page__muted">{t.graduation(user.graduationYear)}</p>}
        </div>
      )}
      <div className="pj-candidate-page__block">
        <h2 className="pj-candidate-page__subtitle">{t.about}</h2>
        <p className="pj-candidate-page__text pj-candidate-page__bio">{user.bio || t.noBio}</p>
      </div>
      {user.links.length > 0 && (
        <div className="pj-candidate-page__block">
          <h2 className="pj-candidate-page__subtitle">{t.links}</h2>
          <ul className="pj-candidate-page__links">
            {user.links.map((link) => (
              <li key={link.url}>
                <a
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  aria-label={t.linkLabel(link.label)}
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

const LEVEL_RANK: Record<string, number> = { Advanced: 0, Intermediate: 1, Beginner: 2 };

/** Verified skills first, then the strongest. */
function Skills({ skills, name }: { skills: UserSkill[]; name: string }) {
  const sorted = [...skills].sort(
    (a, b) =>
      Number(b.verified) - Number(a.verified) ||
      (LEVEL_RANK[a.proficiencyLevel] ?? 3) - (LEVEL_RANK[b.proficiencyLevel] ?? 3) ||
      a.skill.name.localeCompare(b.skill.name),
  );
  return (
    <CardSection headingId="candidate-skills" title={t.skills.title}>
      {sorted.length === 0 ? (
        <p className="pj-candidate-page__muted">{t.skills.empty}</p>
      ) : (
        <ul className="pj-candidate-page__chips" aria-label={t.skills.label(name)}>
          {sorted.map((userSkill) => (
            <li key={userSkill.id}>
              <Tag color={userSkill.verified ? 'green' : undefined} className="pj-candidate-page__skill">
                {userSkill.verified && <Icon name="check" size={14} />}
                {userSkill.skill.name} · {userSkill.proficiencyLevel}
                {userSkill.verified && ` · ${t.skills.verified}`}
              </Tag>
            </li>
          ))}
        </ul>
      )}
    </CardSection>
  );
}

/**
 * The credentials the student lists, each a link to its public page where anyone can check it. The
 * employer who issued one (and an admin) may revoke it here, with a reason.
 */
function Credentials({
  credentials,
  studentId,
  name,
}: {
  credentials: CredentialSummary[];
  studentId: string;
  name: string;
}) {
  const viewer = useCurrentUser();
  const [revoking, setRevoking] = useState<CredentialSummary | null>(null);
  const c = t.credentials;
  const mayRevoke = (credential: CredentialSummary) =>
    credential.status === 'active' && (viewer.role === 'admin' || credential.employer.id === viewer.id);
  return (
    <CardSection headingId="candidate-credentials" title={c.title}>
      {credentials.length === 0 ? (
        <p className="pj-candidate-page__muted">{c.empty(name)}</p>
      ) : (
        <CredentialList
          items={credentials}
          actions={(credential) =>
            mayRevoke(credential) && (
              <Button
                danger
                onClick={() => setRevoking(credential)}
                aria-label={credentialsTexts.revoke.buttonLabel(credential.title)}
              >
                {credentialsTexts.revoke.button}
              </Button>
            )
          }
        />
      )}
      {revoking && (
        <RevokeCredentialDialog credential={revoking} studentId={studentId} onClose={() => setRevoking(null)} />
      )}
    </CardSection>
  );
}

interface PortfolioProps {
  items: PortfolioItem[];
  ownerId: string;
  canVerify: boolean;
}

function Portfolio({ items, ownerId, canVerify }: PortfolioProps) {
  const [review, setReview] = useState<{ item: PortfolioItem; decision: Decision } | null>(null);
  const p = t.portfolio;
  const undecided = (item: PortfolioItem) =>
    item.verificationStatus === 'pending' || item.verificationStatus === 'under_review';

  return (
    <CardSection
      headingId="candidate-portfolio"
      title={p.title}
      headClassName="pj-candidate-page__section-head"
      aside={<span className="pj-candidate-page__muted">{p.count(items.length)}</span>}
    >
      {canVerify && items.some(undecided) && <p className="pj-candidate-page__muted">{p.canVerify}</p>}
      {items.length === 0 ? (
        <p className="pj-candidate-page__muted">{p.empty}</p>
      ) : (
        <CardList items={items} className="pj-portfolio__grid pj-candidate-page__portfolio">
          {(item) => (
            <PortfolioCard
              item={item}
              actions={
                canVerify &&
                undecided(item) && (
                  <>
                    <Button
                      type="primary"
                      onClick={() => setReview({ item, decision: 'verified' })}
                      aria-label={p.verifyLabel(item.title)}
                    >
                      {p.verify}
                    </Button>
                    <Button
                      danger
                      onClick={() => setReview({ item, decision: 'rejected' })}
                      aria-label={p.rejectLabel(item.title)}
                    >
                      {p.reject}
                    </Button>
                  </>
                )
              }
            />
          )}
        </CardList>
      )}
      <ReviewDialog review={review} ownerId={ownerId} onClose={() => setReview(null)} />
    </CardSection>
  );
}

/** What employers who completed projects with the student said (the newest; hidden ones explained). */
function Reviews({ userId, name }: { userId: string; name: string }) {
  return (
    <CardSection headingId="candidate-reviews" title={t.reviews.title}>
      <ReviewList userId={userId} name={name} limit={10} />
    </CardSection>
  );
}

function Culture({ assessment }: { assessment: CandidateProfile['assessment'] }) {
  const c = t.culture;
  return (
    <CardSection headingId="candidate-culture" title={c.title}>
      {!assessment ? (
        <p className="pj-candidate-page__muted">{c.none}</p>
      ) : (
        <div className="pj-candidate-page__stack">
          <h3 className="pj-candidate-page__subtitle">{c.workingStyle}</h3>
          <WorkingStyleBars workingStyle={assessment.workingStyle} className="pj-candidate-page__bars" />
          <h3 className="pj-candidate-page__subtitle">{c.values}</h3>
          {assessment.valuesAlignment.length === 0 ? (
            <p className="pj-candidate-page__muted">{c.noValues}</p>
          ) : (
            <ol className="pj-candidate-page__chips" aria-label={c.values}>
              {assessment.valuesAlignment.map((value) => (
                <li key={value}>
                  <Tag color={palette.primary}>{value}</Tag>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </CardSection>
  );
}
