import { PortalScreen } from '../../renderers';
import { RenderersHost, useMenuPath } from '../dynamic/DynamicPages';

/**
 * /DataV/view/:id — what a data-visualisation menu entry (type 6) opens in its own window.
 * The view id names a portal descriptor; the screen draws it without the shell.
 */
export default function DataVPage({ params }: { params: { id?: string } }) {
  const menuPath = useMenuPath();
  return (
    <RenderersHost>
      <PortalScreen portalId={decodeURIComponent(params.id ?? '')} menuPath={menuPath} />
    </RenderersHost>
  );
}
