import { useImperativeHandle, useRef, type PointerEvent, type Ref } from 'react';

export const PAD_WIDTH = 480;
export const PAD_HEIGHT = 180;

export interface SignaturePadHandle {
  /** The drawing as a PNG data URL. */
  toDataURL(): string;
  clear(): void;
}

/**
 * A canvas to write a signature on with a mouse, pen or finger (pointer events; the canvas keeps
 * its 480×180 drawing size whatever its displayed width). Used by the profile's signature images
 * and by the sign / signature form widgets, so both draw the same way.
 */
export function SignaturePad({ handle, onDrawn, testId = 'sign-canvas' }: { handle: Ref<SignaturePadHandle>; onDrawn(drawn: boolean): void; testId?: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);

  useImperativeHandle(handle, () => ({
    toDataURL: () => canvas.current?.toDataURL('image/png') ?? '',
    clear: () => {
      canvas.current?.getContext('2d')?.clearRect(0, 0, PAD_WIDTH, PAD_HEIGHT);
      onDrawn(false);
    },
  }), [onDrawn]);

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return [((e.clientX - rect.left) * PAD_WIDTH) / rect.width, ((e.clientY - rect.top) * PAD_HEIGHT) / rect.height] as const;
  };
  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    drawing.current = true;
    const [x, y] = point(e);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.strokeStyle = '#111';
    ctx.beginPath();
    ctx.moveTo(x, y);
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    const [x, y] = point(e);
    ctx.lineTo(x, y);
    ctx.stroke();
    onDrawn(true);
  };
  const up = () => {
    drawing.current = false;
  };

  return (
    <canvas
      ref={canvas}
      width={PAD_WIDTH}
      height={PAD_HEIGHT}
      style={{ width: '100%', maxWidth: PAD_WIDTH, aspectRatio: `${PAD_WIDTH}/${PAD_HEIGHT}`, border: '1px dashed var(--mantine-color-gray-5)', borderRadius: 4, touchAction: 'none', background: '#fff' }}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerLeave={up}
      data-testid={testId}
    />
  );
}

/** A chosen image file as a data URL (the caller checks type and size). */
export function readImageFile(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
