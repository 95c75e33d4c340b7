import { CameraOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useText } from '@web/lib/text';
import { Button } from '@web/components/ui/button';
import { createQrDecoder } from './qr-decoder';

type CameraState = 'starting' | 'running' | 'denied' | 'unavailable' | 'failed';

const SCAN_INTERVAL_MS = 150;

/**
 * The phone's back camera, read until a QR code is found. `onCode` says whether the text was
 * a gift; anything else is reported and scanning goes on. Without a camera (none, refused or
 * failing) `onUnavailable` gets the reason, so the screen can offer the typed code at once
 * instead of a dead scanner. The camera is released on unmount.
 */
export function QrScanner({
  onCode,
  onStop,
  onUnavailable,
}: {
  onCode: (text: string) => boolean;
  onStop: () => void;
  onUnavailable: (message: string) => void;
}) {
  const { t } = useText('redeem');
  const videoRef = useRef<HTMLVideoElement>(null);
  const stopRef = useRef<HTMLButtonElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  const [notAGift, setNotAGift] = useState(false);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    stopRef.current?.focus();
    let cancelled = false;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let rejected = '';

    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState('unavailable');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      } catch (error) {
        if (cancelled) return;
        const name = (error as DOMException).name;
        setState(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : name === 'NotFoundError' || name === 'OverconstrainedError' ? 'unavailable' : 'failed');
        return;
      }
      const video = videoRef.current;
      if (cancelled || !video) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      try {
        video.srcObject = stream;
        await video.play();
        const decode = await createQrDecoder();
        if (cancelled) return;
        setState('running');
        const tick = async () => {
          if (cancelled) return;
          const text = video.readyState >= 2 ? await decode(video) : null;
          if (cancelled) return;
          // The same foreign code stays in view for many frames: report it once.
          if (text && text !== rejected) {
            if (onCodeRef.current(text)) return;
            rejected = text;
            setNotAGift(true);
          }
          timer = window.setTimeout(() => void tick(), SCAN_INTERVAL_MS);
        };
        void tick();
      } catch {
        if (!cancelled) setState('failed');
      }
    }
    void start();
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  const failure = state === 'denied' || state === 'unavailable' || state === 'failed' ? t(`scan.${state}`) : null;
  const onUnavailableRef = useRef(onUnavailable);
  useEffect(() => {
    onUnavailableRef.current = onUnavailable;
  }, [onUnavailable]);
  useEffect(() => {
    if (failure) onUnavailableRef.current(failure);
  }, [failure]);

  return (
    <div className="flex flex-col gap-3" data-testid="qr-scanner">
      {failure ? (
        <p role="alert" className="flex items-start gap-2 rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          <CameraOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {failure}
        </p>
      ) : (
        <>
          <div className="relative overflow-hidden rounded-2xl bg-stone-900">
            <video
              ref={videoRef}
              aria-label={t('scan.videoLabel')}
              className="aspect-square w-full object-cover"
              muted
              playsInline
            />
            {/* A frame to aim with; decorative. */}
            <div aria-hidden="true" className="pointer-events-none absolute inset-[15%] rounded-xl border-4 border-white/80" />
          </div>
          <p role="status" className="text-sm text-muted">
            {notAGift ? t('scan.notAGift') : state === 'starting' ? t('scan.starting') : t('scan.looking')}
          </p>
        </>
      )}
      <Button ref={stopRef} variant="outline" onClick={onStop}>
        {t('scan.stop')}
      </Button>
    </div>
  );
}
