import { type Career, toCareer } from './career.js';
import { careersV1 } from './careers.v1.js';

/** The catalog in use: version 1, with growth, salary text and culture targets derived. */
export const careerCatalog: readonly Career[] = careersV1.map(toCareer);

const titleKey = (title: string) => title.trim().toLowerCase().replace(/\s+/g, ' ');
const byTitle = new Map(careerCatalog.map((career) => [titleKey(career.title), career]));

/** A catalog career by its title (case and spacing do not count), or undefined. */
export const findCareer = (title: string): Career | undefined => byTitle.get(titleKey(title));
