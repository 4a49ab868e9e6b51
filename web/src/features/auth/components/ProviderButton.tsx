import { Button, Divider } from 'antd';
import { authTexts as t } from '../auth.texts';
import { useGetAuthProvidersQuery } from '../auth.api';

export interface ProviderButtonProps {
  /** Where the whole page goes: `/api/login`, with `?signup=true&role=…` from the sign-up form. */
  href: string;
  disabled?: boolean;
}

/** "Continue with {provider}" when an OpenID Connect provider is configured; nothing otherwise. */
export function ProviderButton({ href, disabled = false }: ProviderButtonProps) {
  const { data } = useGetAuthProvidersQuery(undefined);
  if (!data?.oidc) return null;
  return (
    <>
      <Divider plain>{t.or}</Divider>
      <Button block size="large" disabled={disabled} onClick={() => window.location.assign(href)}>
        {t.continueWith(data.oidc.name)}
      </Button>
    </>
  );
}
