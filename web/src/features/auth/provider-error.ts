import { useSearchParams } from 'react-router-dom';
import { authTexts } from './auth.texts';

/** The sentence for `?error=provider_…`, which GET /api/login and its callback add when the provider failed. */
export function useProviderError(): string | undefined {
  const [params] = useSearchParams();
  const code = params.get('error');
  return code ? authTexts.providerErrors[code] : undefined;
}
