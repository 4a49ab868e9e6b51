import { formatDate } from '../../../shared/lib/format-date';
import { CardSection } from '../../../shared/ui/CardSection';
import { type Fact, FactList } from '../../../shared/ui/FactList';
import { TagList } from '../../../shared/ui/TagList';
import { type PublicCredential, useCheckRecipientQuery, useVerifyCredentialQuery } from '../credentials.api';
import { credentialPageTexts } from '../credentials.texts';

const t = credentialPageTexts.details;

/**
 * What the credential says (its `vc`, API.md "What it says"): the achievement and its criteria, the
 * approved milestones as evidence, the employer's recommendation; beside them who made and issued it,
 * when, to whom and the skills. "Awarded to" is the record's `recipient`, kept outside the signature
 * (the signed credential holds only a salted hash of the name), and nothing once the student's account
 * was erased.
 */
export function CredentialDetails({ record }: { record: PublicCredential }) {
  const { credential } = record;
  const { achievement } = credential.credentialSubject;
  const company = achievement.creator.name || credentialPageTexts.someEmployer;
  const skills = achievement.tag ?? [];
  return (
    <div className="pj-credential__grid">
      <div className="pj-credential__main">
        <CardSection headingId="credential-about" title={t.about}>
          <p className="pj-credential__text">{achievement.description}</p>
          {achievement.criteria.narrative && (
            <>
              <h3 className="pj-credential__subtitle">{t.criteria}</h3>
              <p className="pj-credential__text">{achievement.criteria.narrative}</p>
            </>
          )}
        </CardSection>
        <CardSection headingId="credential-evidence" title={t.evidence}>
          {credential.evidence.length === 0 ? (
            <p className="pj-credential__muted">{t.noEvidence}</p>
          ) : (
            <>
              <p className="pj-credential__muted">{t.evidenceLead}</p>
              <ol className="pj-credential__evidence">
                {credential.evidence.map((evidence, index) => (
                  <li key={`${index}-${evidence.name}`}>
                    <h3 className="pj-credential__subtitle">{evidence.name}</h3>
                    {evidence.description && <p className="pj-credential__text">{evidence.description}</p>}
                    <p className="pj-credential__muted">{t.approved(formatDate(evidence.dateApproved))}</p>
                  </li>
                ))}
              </ol>
            </>
          )}
        </CardSection>
        {credential.recommendation && (
          <CardSection headingId="credential-recommendation" title={t.recommendation}>
            <figure className="pj-credential__recommendation">
              <blockquote>
                <p className="pj-credential__text">{credential.recommendation}</p>
              </blockquote>
              <figcaption className="pj-credential__muted">{t.recommendationBy(company)}</figcaption>
            </figure>
          </CardSection>
        )}
      </div>
      <CardSection headingId="credential-facts" title={t.facts} className="pj-credential__facts">
        <FactList
          className="pj-credential__fact-list"
          facts={[
            { label: t.kind, value: achievement.achievementType },
            { label: t.employer, value: company },
            {
              label: t.issuer,
              value: credential.issuer.url ? (
                <a href={credential.issuer.url} rel="noopener noreferrer">
                  {credential.issuer.name}
                </a>
              ) : (
                credential.issuer.name
              ),
            },
            { label: t.issued, value: formatDate(credential.validFrom) },
            ...holderFact(record),
            { label: t.credentialId, value: <code className="pj-credential__code">{credential.id}</code> },
            {
              label: t.skills,
              value: skills.length ? <TagList tags={skills} label={t.skillsLabel} /> : t.noSkills,
            },
          ]}
        />
      </CardSection>
    </div>
  );
}

/** "Awarded to" and the name, when the record names someone. */
function holderFact(record: PublicCredential): Fact[] {
  const name = record.recipient?.name;
  return name ? [{ label: t.holder, value: <Holder record={record} name={name} /> }] : [];
}

/**
 * The name, and whether it is the one the signed credential hashes: "matches" once the browser also
 * verified the signature, "does not match" whatever the signature.
 */
function Holder({ record, name }: { record: PublicCredential; name: string }) {
  const { data: check } = useCheckRecipientQuery(record);
  const { data: verification } = useVerifyCredentialQuery(record);
  return (
    <>
      {name}
      {check === 'matches' && verification?.outcome === 'verified' && (
        <span className="pj-credential__muted pj-credential__holder-check">{t.holderMatches}</span>
      )}
      {check === 'differs' && (
        <span className="pj-credential__muted pj-credential__holder-check">{t.holderDiffers}</span>
      )}
    </>
  );
}
