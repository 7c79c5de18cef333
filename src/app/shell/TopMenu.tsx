import { Button, Group, Menu } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconChevronDown, IconDots } from '@tabler/icons-react';
import { useLocation } from 'wouter';
import type { MenuNode } from '../../runtime/menu/routes';
import { useT } from '../i18n';
import { containsPath, splitTopMenu } from './menu-logic';
import { useActivateMenu } from './useActivateMenu';

/**
 * The horizontal menu. Functional layout: directories drop down. Blend layout (`onPick`):
 * a top item with children is picked (its children fill the sidebar). Entries that do not
 * fit (116 px each) go under 'more'.
 */
export function TopMenu({ nodes, activeId, onPick, dark }: { nodes: MenuNode[]; activeId?: string; onPick?: (node: MenuNode) => void; dark?: boolean }) {
  const t = useT();
  const { ref, width } = useElementSize();
  const [path] = useLocation();
  const activate = useActivateMenu();
  // Until measured, show everything (no flicker into 'more').
  const { shown, more } = width > 0 ? splitTopMenu(nodes, width) : { shown: nodes, more: [] as MenuNode[] };
  const isActive = (node: MenuNode) => (activeId ? node.id === activeId : containsPath(node, path));
  const variant = (node: MenuNode) => (isActive(node) ? 'light' : 'subtle');
  const color = dark ? 'gray.0' : undefined;

  return (
    <div ref={ref} style={{ width: '100%', overflow: 'hidden' }}>
      <Group gap={2} wrap="nowrap" data-testid="top-menu" role="menubar">
        {shown.map((node) =>
          onPick && node.children.length > 0 ? (
            <Button key={node.id} variant={variant(node)} color={color} onClick={() => onPick(node)} data-testid={`menu-${node.enCode}`} data-active={isActive(node)}>
              {node.title}
            </Button>
          ) : node.children.length > 0 ? (
            <Menu key={node.id} trigger="click-hover" openDelay={50} closeDelay={150} position="bottom-start" withinPortal>
              <Menu.Target>
                <Button variant={variant(node)} color={color} rightSection={<IconChevronDown size={14} />} data-testid={`menu-${node.enCode}`} data-active={isActive(node)}>
                  {node.title}
                </Button>
              </Menu.Target>
              <Menu.Dropdown data-testid={`menu-dropdown-${node.enCode}`}>
                <MenuEntries nodes={node.children} activate={activate} />
              </Menu.Dropdown>
            </Menu>
          ) : (
            <Button key={node.id} variant={variant(node)} color={color} onClick={() => activate(node)} data-testid={`menu-${node.enCode}`} data-active={isActive(node)}>
              {node.title}
            </Button>
          ),
        )}
        {more.length > 0 && (
          <Menu trigger="click-hover" openDelay={50} closeDelay={150} position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant={more.some(isActive) ? 'light' : 'subtle'} color={color} leftSection={<IconDots size={14} />} data-testid="menu-more">
                {t('layout.more')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown data-testid="menu-dropdown-more">
              {onPick ? (
                more.map((node) => (
                  <Menu.Item key={node.id} onClick={() => (node.children.length > 0 ? onPick(node) : activate(node))} data-testid={`menu-${node.enCode}`}>
                    {node.title}
                  </Menu.Item>
                ))
              ) : (
                <MenuEntries nodes={more} activate={activate} />
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </div>
  );
}

function MenuEntries({ nodes, activate }: { nodes: MenuNode[]; activate: (node: MenuNode) => void }) {
  return (
    <>
      {nodes.map((node) =>
        node.children.length > 0 ? (
          <Menu.Sub key={node.id}>
            <Menu.Sub.Target>
              <Menu.Sub.Item data-testid={`menu-${node.enCode}`}>{node.title}</Menu.Sub.Item>
            </Menu.Sub.Target>
            <Menu.Sub.Dropdown>
              <MenuEntries nodes={node.children} activate={activate} />
            </Menu.Sub.Dropdown>
          </Menu.Sub>
        ) : (
          <Menu.Item key={node.id} onClick={() => activate(node)} data-testid={`menu-${node.enCode}`}>
            {node.title}
          </Menu.Item>
        ),
      )}
    </>
  );
}
