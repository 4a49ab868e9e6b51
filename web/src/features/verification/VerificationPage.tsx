import { Alert, App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toApiFailure } from '../../api/api-error';
import { showServerErrors } from '../../shared/lib/form-errors';
import { useDocumentTitle } from '../../shared/lib/use-document-title';
import { useCurrentUser } from '../../shared/session';
import { CardSection } from '../../shared/ui/CardSection';
import { FormAlert } from '../../shared/ui/FormAlert';
import { QueryError } from '../../shared/ui/LoadError';
import { LoadingState } from '../../shared/ui/LoadingState';
import { MissingCard } from '../../shared/ui/MissingCard';
import { PageHeader } from '../../shared/ui/PageHeader';
import { VerifiedMark } from '../../shared/ui/VerifiedMark';
import {
  useGetMyVerificationQuery,
  useRequestVerificationMutation,
  useSaveWebsiteMutation,
  type EmployerVerification,
} from './verification.api';
import { PROFILE_WEBSITE_MAX, verificationTexts as t, websiteHost } from './verification.texts';
import './verification.css';

const ALREADY_VERIFIED = 'ALREADY_VERIFIED';
const RESULTS = {
  verified: { type: 'success', title: t.results.verified },
  invalid: { type: 'error', title: t.results.invalid },
  expired: { type: 'warning', title: t.results.expired },
} as const;

/**
 * /verification (API.md "Trust and safety"): the employer's verification level and what waits, the
 * company website, and the two ways to verify: a link mailed to an address at the website's domain, or
 * a registration number Projectory checks. The mailed link lands here with `?result=`.
 */
export function VerificationPage() {
  useDocumentTitle(t.documentTitle);
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const resultKey = params.get('result');
  const result = resultKey && resultKey in RESULTS ? RESULTS[resultKey as keyof typeof RESULTS] : null;
  const employer = user.role === 'employer';
  const query = useGetMyVerificationQuery(undefined, { skip: !employer });

  if (!employer) {
    return (
      <MissingCard title={t.employersOnly.title} body={t.employersOnly.body} to="/" action={t.employersOnly.action} />
    );
  }

  let body;
  if (query.isLoading) body = <LoadingState label={t.loading} />;
  else if (!query.data) body = <QueryError title={t.loadError} query={query} retryLabel={t.retry} />;
  else body = <Verification verification={query.data} website={user.website ?? null} />;

  return (
    <div className="pj-verification">
      <PageHeader title={t.title} lead={t.lead} />
      {result && (
        <Alert className="pj-verification__result" type={result.type} showIcon title={result.title} role="status" />
      )}
      {body}
    </div>
  );
}

function Verification({ verification, website }: { verification: EmployerVerification; website: string | null }) {
  const { level, pending, pendingMethod } = verification;
  const shownWebsite = verification.website ?? website;
  return (
    <>
      <CardSection headingId="verification-status" title={t.status.heading} className="pj-verification__card">
        <p className="pj-verification__level">
          <strong>{t.status.levels[level]}</strong> <VerifiedMark level={level} />
        </p>
        {pending && (
          <Alert
            type="info"
            showIcon
            title={pendingMethod === 'registration' ? t.status.pendingRegistration : t.status.pendingDomain}
          />
        )}
      </CardSection>
      <WebsiteForm website={shownWebsite} />
      {level === 'none' && (
        <DomainForm host={websiteHost(shownWebsite)} resend={pending && pendingMethod === 'domain'} />
      )}
      {level !== 'registered' && !(pending && pendingMethod === 'registration') && <RegistrationForm />}
    </>
  );
}

function WebsiteForm({ website }: { website: string | null }) {
  const [form] = Form.useForm<{ website: string }>();
  const [save, { isLoading }] = useSaveWebsiteMutation();
  const [failure, setFailure] = useState<string>();
  const { message } = App.useApp();
  const onFinish = ({ website: value }: { website: string }) => {
    setFailure(undefined);
    save({ website: value.trim() || null })
      .unwrap()
      .then(
        () => void message.success(t.website.saved),
        (error: unknown) => setFailure(showServerErrors(form, error)),
      );
  };
  return (
    <CardSection headingId="verification-website" title={t.website.heading} className="pj-verification__card">
      <p className="pj-verification__intro">{t.website.intro}</p>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ website: website ?? '' }}
        onFinish={onFinish}
        name="website"
        noValidate
      >
        <FormAlert message={failure} />
        <Form.Item
          name="website"
          label={t.website.label}
          rules={[
            { type: 'url', message: t.website.invalid },
            { max: PROFILE_WEBSITE_MAX, message: t.website.tooLong },
          ]}
        >
          <Input type="url" inputMode="url" autoComplete="url" placeholder={t.website.placeholder} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          {t.website.save}
        </Button>
      </Form>
    </CardSection>
  );
}

function DomainForm({ host, resend }: { host: string | null; resend: boolean }) {
  const [form] = Form.useForm<{ email: string }>();
  const [request, { isLoading }] = useRequestVerificationMutation();
  const [failure, setFailure] = useState<string>();
  const { message } = App.useApp();
  const onFinish = ({ email }: { email: string }) => {
    setFailure(undefined);
    request({ method: 'domain', email: email.trim() })
      .unwrap()
      .then(
        () => void message.success(t.domain.sent(email.trim())),
        (error: unknown) =>
          setFailure(showServerErrors(form, error, { codeMessages: { [ALREADY_VERIFIED]: t.alreadyVerified } })),
      );
  };
  return (
    <CardSection headingId="verification-domain" title={t.domain.heading} className="pj-verification__card">
      <p className="pj-verification__intro">{t.domain.intro(host)}</p>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        name="domain"
        noValidate
        disabled={!host}
      >
        <FormAlert message={failure} />
        <Form.Item
          name="email"
          label={t.domain.label}
          rules={[
            { required: true, whitespace: true, message: t.domain.required },
            { type: 'email', message: t.domain.invalid },
          ]}
        >
          <Input type="email" autoComplete="email" placeholder={t.domain.placeholder(host)} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          {resend ? t.domain.resend : t.domain.send}
        </Button>
      </Form>
    </CardSection>
  );
}

function RegistrationForm() {
  const [form] = Form.useForm<{ registrationNumber: string; country: string }>();
  const [request, { isLoading }] = useRequestVerificationMutation();
  const [failure, setFailure] = useState<string>();
  const { message } = App.useApp();
  const onFinish = ({ registrationNumber, country }: { registrationNumber: string; country: string }) => {
    setFailure(undefined);
    request({
      method: 'registration',
      registrationNumber: registrationNumber.trim(),
      country: country.trim().toUpperCase(),
    })
      .unwrap()
      .then(
        () => void message.success(t.registration.sent),
        (error: unknown) => {
          const failed = toApiFailure(error);
          setFailure(failed.code === ALREADY_VERIFIED ? t.alreadyVerified : showServerErrors(form, error));
        },
      );
  };
  return (
    <CardSection headingId="verification-registration" title={t.registration.heading} className="pj-verification__card">
      <p className="pj-verification__intro">{t.registration.intro}</p>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish} name="registration" noValidate>
        <FormAlert message={failure} />
        <div className="pj-verification__row">
          <Form.Item
            name="registrationNumber"
            label={t.registration.number}
            className="pj-verification__number"
            rules={[
              { required: true, whitespace: true, message: t.registration.numberRequired },
              { min: 3, max: 40, message: t.registration.numberLength },
            ]}
          >
            <Input maxLength={40} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="country"
            label={t.registration.country}
            extra={t.registration.countryHint}
            className="pj-verification__country"
            rules={[
              { required: true, message: t.registration.countryInvalid },
              { pattern: /^\s*[A-Za-z]{2}\s*$/, message: t.registration.countryInvalid },
            ]}
          >
            <Input maxLength={2} autoComplete="country" />
          </Form.Item>
        </div>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          {t.registration.send}
        </Button>
      </Form>
    </CardSection>
  );
}
