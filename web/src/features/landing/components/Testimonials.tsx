import { testimonials } from '../landing.texts';
import { SectionHeading } from './SectionHeading';

export function Testimonials() {
  return (
    <section id="testimonials" className="lp-section" aria-labelledby="testimonials-title">
      <div className="lp-container">
        <SectionHeading
          id="testimonials-title"
          eyebrow={testimonials.eyebrow}
          title={testimonials.title}
          lead={testimonials.lead}
        />
        <ul className="lp-quotes">
          {testimonials.items.map((item) => (
            <li key={item.role} className="lp-card lp-quote">
              <figure>
                <blockquote className="lp-quote__text">
                  <p>{item.quote}</p>
                </blockquote>
                <figcaption className="lp-quote__who">
                  <span className="lp-quote__avatar" aria-hidden="true">
                    {item.initial}
                  </span>
                  {item.role}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
