import { useEffect, useState } from 'react';

/** Mobile means body width minus 1 is under 992 px (spec 4 "Device"); switches on resize. */
export const MOBILE_BREAKPOINT = 992;

export function isMobileWidth(bodyWidth: number): boolean {
  return bodyWidth - 1 < MOBILE_BREAKPOINT;
}

function measure(): boolean {
  return typeof document === 'undefined' ? false : isMobileWidth(document.body.getBoundingClientRect().width);
}

export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(measure);
  useEffect(() => {
    const onResize = () => setMobile(measure());
    window.addEventListener('resize', onResize);
    onResize();
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return mobile;
}
