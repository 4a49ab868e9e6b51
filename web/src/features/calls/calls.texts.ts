/** A call's connection quality, as the in-call view names it (measured in peer.ts). */
export type Quality = 'good' | 'fair' | 'poor';

/** Every text of video calls. */
export const callsTexts = {
  start: {
    audio: 'Audio call',
    video: 'Video call',
    audioLabel: (name: string) => `Start an audio call with ${name}`,
    videoLabel: (name: string) => `Start a video call with ${name}`,
    busy: 'You are already in a call.',
  },
  incoming: {
    title: (video: boolean) => (video ? 'Incoming video call' : 'Incoming audio call'),
    from: (name: string) => `${name} is calling`,
    someone: 'Someone',
    about: (project: string) => `About ${project}`,
    accept: 'Accept',
    decline: 'Decline',
  },
  view: {
    label: (name: string) => `Call with ${name}`,
    ringing: (name: string) => `Calling ${name}…`,
    connecting: 'Connecting…',
    connected: 'Connected',
    you: 'You',
    remoteVideo: (name: string) => `${name}'s video`,
    localVideo: 'Your camera',
    screenShared: 'You are sharing your screen',
    noVideo: 'Camera off',
    mute: 'Mute',
    unmute: 'Unmute',
    cameraOff: 'Turn camera off',
    cameraOn: 'Turn camera on',
    shareScreen: 'Share screen',
    stopSharing: 'Stop sharing',
    hangUp: 'Hang up',
    cancel: 'Cancel call',
    close: 'Close',
    timer: 'Call time',
    quality: { good: 'Good connection', fair: 'Fair connection', poor: 'Poor connection' } satisfies Record<
      Quality,
      string
    >,
  },
  ended: {
    title: 'Call ended',
    reasons: {
      hangup: 'You hung up.',
      'remote-hangup': 'The other person hung up.',
      completed: 'The call has ended.',
      cancelled: 'You cancelled the call.',
      declined: 'The call was declined.',
      missed: 'No answer.',
      busy: 'There is already a call in this conversation. Try again in a moment.',
      'answered-elsewhere': 'You answered in another tab.',
      'match-ended': 'The collaboration has ended, so has the call.',
      disconnected: 'The other person lost their connection.',
      forbidden: 'You can only call the other person of an active collaboration.',
      failed: 'The call could not connect. Check your network and try again.',
      media: 'The call needs a microphone.',
      unavailable: 'Calls are unavailable right now. Try again in a moment.',
    } as Record<string, string>,
    other: 'The call has ended.',
  },
  media: {
    micDenied:
      'Projectory may not use your microphone. Allow the microphone for this site in your browser settings, then call again.',
    micAbsent: 'No microphone was found. Connect one, then call again.',
    micUnavailable: 'Your microphone could not be started. Close other apps that use it, then call again.',
    cameraDenied:
      'Projectory may not use your camera, so the call is audio only. Allow the camera in your browser settings to be seen.',
    cameraAbsent: 'No camera was found, so the call is audio only.',
    cameraUnavailable: 'Your camera could not be started, so the call is audio only.',
    screenFailed: 'Screen sharing did not start.',
  },
  duration: (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`,
};
