import { testimonials } from '../landing.texts';
import { Section } from './Section';

export function Testimonials() {
  return (
    <Section id="testimonials" heading={testimonials}>
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
    </Section>
  );
}
