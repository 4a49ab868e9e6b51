// The web's theme: the palette (colour values for code), antd's theme. Stylesheets use the custom
// properties of tokens.css, which main.tsx loads first.
export { palette, type PaletteRole } from './palette';
export { theme } from './theme';
