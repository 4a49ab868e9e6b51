import { About } from './components/About';
import { ClosingCta } from './components/ClosingCta';
import { Features } from './components/Features';
import { Footer } from './components/Footer';
import { Header } from './components/Header';
import { Hero } from './components/Hero';
import { HowItWorks } from './components/HowItWorks';
import { Pricing } from './components/Pricing';
import { Testimonials } from './components/Testimonials';
import { nav } from './landing.texts';
import { useActiveSection } from './use-active-section';
import './landing.css';

const NAV_SECTIONS = nav.links.map((link) => link.id);

/**
 * The public landing page (prototype spec §2). It imports no UI library, store or router: it is the
 * first page every visitor loads, and bench B12 keeps its JavaScript under 90 KB gzipped.
 */
export function LandingPage() {
  const activeSection = useActiveSection(NAV_SECTIONS);
  return (
    <div className="lp">
      <a className="lp-skip-link" href="#main">
        {nav.skipLink}
      </a>
      <Header activeSection={activeSection} />
      <main id="main" tabIndex={-1}>
        <Hero />
        <Features />
        <HowItWorks />
        <Testimonials />
        <Pricing />
        <About />
        <ClosingCta />
      </main>
      <Footer />
    </div>
  );
}
