import { useCallback, useEffect, useRef, useState } from 'react';
import QRCode from 'qrcode';
import { newScanTicket, pollScanTicket } from '../api/oauth';
import { signedIn } from './useSignIn';

export const SCAN_POLL_MS = 2000;

export type ScanPhase = 'loading' | 'waiting' | 'scanned' | 'expired' | 'failed';

/** The confirmation address a phone opens from the QR code. */
export function scanConfirmUrl(origin: string, ticket: string): string {
  return `${origin}/scanConfirm?ticket=${encodeURIComponent(ticket)}`;
}

/**
 * Scan login: fetch a one-time ticket, draw it as a QR code, poll until it is confirmed
 * (then sign in) or expires (then offer a refresh).
 */
export function useScanLogin() {
  const [phase, setPhase] = useState<ScanPhase>('loading');
  const [qr, setQr] = useState<string | null>(null);
  const [ticket, setTicket] = useState<string | null>(null);
  const [expiresAt, setExpiresAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const generation = useRef(0);

  const refresh = useCallback(async () => {
    const mine = ++generation.current;
    setPhase('loading');
    setQr(null);
    try {
      const t = await newScanTicket();
      if (mine !== generation.current) return;
      setTicket(t.ticket);
      setExpiresAt(t.expiresAt);
      setQr(await QRCode.toDataURL(scanConfirmUrl(window.location.origin, t.ticket), { width: 200, margin: 1 }));
      setPhase('waiting');
    } catch {
      if (mine === generation.current) setPhase('failed');
    }
  }, []);

  useEffect(() => {
    void refresh();
    return () => {
      generation.current++;
    };
  }, [refresh]);

  useEffect(() => {
    if (!ticket || (phase !== 'waiting' && phase !== 'scanned')) return;
    const mine = generation.current;
    const timer = setInterval(() => {
      setNow(Date.now());
      if (Date.now() > expiresAt) {
        setPhase('expired');
        return;
      }
      pollScanTicket(ticket).then(
        (state) => {
          if (mine !== generation.current) return;
          if (state.status === 'confirmed' && state.token) {
            generation.current++;
            signedIn({ token: state.token, theme: state.theme });
          } else if (state.status === 'expired') setPhase('expired');
          else if (state.status === 'scanned') setPhase('scanned');
        },
        () => undefined,
      );
    }, SCAN_POLL_MS);
    return () => clearInterval(timer);
  }, [ticket, phase, expiresAt]);

  const secondsLeft = Math.max(0, Math.ceil((expiresAt - now) / 1000));
  return { phase, qr, ticket, secondsLeft, refresh };
}
