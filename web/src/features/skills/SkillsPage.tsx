import { useDocumentTitle } from '../../shared/lib/use-document-title';
import { AddSkillForm } from './components/AddSkillForm';
import { SkillList } from './components/SkillList';
import { skillsTexts as t } from './skills.texts';
import { PageHeader } from '../../shared/ui/PageHeader';
import './skills.css';

/** /skills: 'Add Skills' from the home page and the dashboard (prototype spec §2; PRODUCT.md makes it work). */
export function SkillsPage() {
  useDocumentTitle(t.documentTitle);
  return (
    <div className="pj-skills">
      <PageHeader title={t.title} lead={t.lead} />
      <div className="pj-skills__grid">
        <AddSkillForm />
        <SkillList />
      </div>
    </div>
  );
}
