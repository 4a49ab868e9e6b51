import type { OpenBadgeCredential } from '@projectory/contracts';
import { formatDate } from '../../../shared/lib/format-date';
import { CardSection } from '../../../shared/ui/CardSection';
import { FactList } from '../../../shared/ui/FactList';
import { TagList } from '../../../shared/ui/TagList';
import { credentialPageTexts } from '../credentials.texts';

const t = credentialPageTexts.details;

/**
 * What the credential says (its `vc`, API.md "What it says"): the achievement and its criteria, the
 * approved milestones as evidence, the employer's recommendation; beside them who made and issued it,
 * when, to whom (the VC names the student by id only) and the skills.
 */
export function CredentialDetails({ credential }: { credential: OpenBadgeCredential }) {
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
            { label: t.holder, value: holderName(credential) ?? t.holderValue(credential.credentialSubject.id) },
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

/** OB3 `IdentityObject`: how a credential may name its holder (the issuer adds it as `credentialSubject.identifier`). */
interface IdentityObject {
  identityType?: string;
  hashed?: boolean;
  identityHash?: string;
}

/** The holder's name when the credential states it in plain text (an unhashed `name` identifier). */
function holderName(credential: OpenBadgeCredential): string | undefined {
  const { identifier } = credential.credentialSubject as { identifier?: IdentityObject[] };
  const named = Array.isArray(identifier)
    ? identifier.find((entry) => entry.identityType === 'name' && entry.hashed === false && entry.identityHash)
    : undefined;
  return named?.identityHash;
}
