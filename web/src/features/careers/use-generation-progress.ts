import { useEffect, useState } from 'react';
import { socket } from '../../api/socket';
import type { CareerProgress } from './careers.api';

export interface GenerationProgress {
  /** 0–100. */
  percent: number;
  /** What the server is doing now, as it words it; undefined before its first report. */
  stage?: string;
}

const START: GenerationProgress = { percent: 0 };

/**
 * While `running`, follows `careers:progress { percent, stage }` from the socket (API.md "Careers");
 * starts again from 0 at each generation. Reports never go backwards: a late one is ignored.
 */
export function useGenerationProgress(running: boolean): GenerationProgress {
  const [progress, setProgress] = useState<GenerationProgress>(START);

  useEffect(() => {
    if (!running) return;
    setProgress(START);
    const onProgress = ({ percent, stage }: CareerProgress) => {
      const value = Math.max(0, Math.min(100, Math.round(percent)));
      setProgress((current) => (value < current.percent ? current : { percent: value, stage }));
    };
    socket.on('careers:progress', onProgress);
    return () => {
      socket.off('careers:progress', onProgress);
    };
  }, [running]);

  return progress;
}
