// Video calls: the buttons that start one (a conversation's header) and the layer that shows a call
// above every signed-in page (the shell).
export { CallButtons } from './CallButtons';
export { CallLayer } from './CallLayer';
