import { useDocumentTitle } from '../../components/use-document-title';
import { useSession } from '../auth/session';
import { careersTexts as t } from './careers.texts';
import { NotForRole } from './components/NotForRole';
import { SignedOutCareers } from './components/SignedOutCareers';
import { StudentCareers } from './components/StudentCareers';
import '../projects/projects.css';
import './careers.css';

/**
 * /career-recommendations: inside SessionLayout, so a student sees it in the app shell and a visitor
 * on its own with a prompt to sign in (prototype spec §2, §6). Recommendations are for students.
 */
export function CareerRecommendationsPage() {
  useDocumentTitle(t.documentTitle);
  const session = useSession();
  if (session.status !== 'signed-in') return <SignedOutCareers />;
  return session.user.role === 'student' ? <StudentCareers /> : <NotForRole />;
}
