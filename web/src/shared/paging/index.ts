export { fetchAllPages } from './all-pages';
export { cursorPages, pageParams } from './cursor-pages';
