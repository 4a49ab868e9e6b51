export {
  followWhileCached,
  listen,
  listenTo,
  type ListenOptions,
  type LiveSource,
  type SocketHandlers,
} from './listen';
export { useSocketEvents } from './use-socket-events';
