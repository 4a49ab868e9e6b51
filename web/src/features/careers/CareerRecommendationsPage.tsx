import { useAppSelector } from '../../app/hooks';
import { useDocumentTitle } from '../../shared/lib/use-document-title';
import { selectCurrentUser } from '../../shared/session';
import { careersTexts as t } from './careers.texts';
import { NotForRole } from './components/NotForRole';
import { SignedOutCareers } from './components/SignedOutCareers';
import { StudentCareers } from './components/StudentCareers';
import './careers.css';

/**
 * /career-recommendations: inside SessionLayout, so a student sees it in the app shell and a visitor
 * on its own with a prompt to sign in (prototype spec §2, §6). Recommendations are for students.
 *
 * SessionLayout has settled the session before this renders; the page reads its answer from the cache
 * rather than subscribing again: a new subscriber to a 401 asks again, which would put SessionLayout
 * back to its spinner, unmount this page, and start over without end.
 */
export function CareerRecommendationsPage() {
  useDocumentTitle(t.documentTitle);
  const user = useAppSelector(selectCurrentUser).data;
  if (!user) return <SignedOutCareers />;
  return user.role === 'student' ? <StudentCareers /> : <NotForRole />;
}
