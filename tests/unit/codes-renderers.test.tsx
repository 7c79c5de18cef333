import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RenderersProvider } from '../../src/renderers/context';
import { createPartialDataProvider } from '../../src/renderers/data/provider';
import { DetailBody } from '../../src/renderers/detail/DetailViewer';
import { makeField, makeModel } from '../../src/renderers/testing/fixtures';

/** The barcode, QR code, signature and location views as the detail viewer draws them from a saved record. */
function render(node: ReactNode): string {
  return renderToString(
    <MantineProvider>
      <RenderersProvider data={createPartialDataProvider({})}>{node}</RenderersProvider>
    </MantineProvider>,
  );
}

const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&#123;/g, '{').replace(/&#125;/g, '}').replace(/&amp;/g, '&');

describe('code views in the detail viewer', () => {
  it('a related-field barcode and QR code draw the record\'s value; a dynamic QR code carries the DFD payload of the record', () => {
    const model = makeModel([
      makeField('input', 'code'),
      makeField('barcode', 'b', { props: { dataType: 'relation', relationField: 'code' } }),
      makeField('qrcode', 'q', { props: { dataType: 'relation', relationField: 'code', width: 64 } }),
      makeField('qrcode', 'dyn', { props: { dataType: 'form' } }),
    ]);
    const html = unescape(render(<DetailBody model={model} permissions={null} record={{ id: 'rec-1', code: 'SO1' }} />));
    expect(html).toMatch(/<svg [^>]*class="scp-barcode"[^>]*aria-label="SO1"/);
    expect(html).toMatch(/<svg [^>]*class="scp-qrcode"[^>]*width="64" height="64"[^>]*aria-label="SO1"/);
    const payload = /aria-label="(\{"t":"DFD"[^>]*\})"/.exec(html);
    expect(payload && JSON.parse(payload[1]!)).toMatchObject({ t: 'DFD', id: 'rec-1', mid: model.id });
  });

  it('a barcode of text that is not letters and digits shows the note, no bars', () => {
    const model = makeModel([makeField('input', 'code'), makeField('barcode', 'b', { props: { dataType: 'relation', relationField: 'code' } })]);
    const html = render(<DetailBody model={model} permissions={null} record={{ code: 'SO-1' }} />);
    expect(html).toContain('条形码仅支持字母和数字');
    expect(html).not.toContain('scp-barcode"');
  });

  it('a signature shows its image, a location its address and coordinates', () => {
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const model = makeModel([makeField('sign', 's'), makeField('location', 'l')]);
    const html = render(<DetailBody model={model} permissions={null} record={{ s: png, l: { fullAddress: '上海', lng: 121.5, lat: 31.25 } }} />);
    expect(html).toContain(`src="${png}"`);
    expect(html).toContain('上海 (121.500000, 31.250000)');
  });
});
