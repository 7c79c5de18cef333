import { Button, Group, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useLocation } from 'wouter';
import type { MenuNode } from '../../runtime/menu/routes';
import { menuRoutesAtom } from '../session/session';
import { useActivateMenu } from './useActivateMenu';

function containsPath(node: MenuNode, path: string): boolean {
  return node.path === path || node.children.some((c) => containsPath(c, path));
}

/** The functional layout's horizontal menu: permitted, non-hidden entries; directories drop down. */
export function TopMenu() {
  const { navigation } = useAtomValue(menuRoutesAtom);
  const [path] = useLocation();
  const activate = useActivateMenu();
  return (
    <Group gap={2} wrap="nowrap" style={{ overflowX: 'auto' }} data-testid="top-menu" role="menubar">
      {navigation.map((node) =>
        node.children.length > 0 ? (
          <Menu key={node.id} trigger="click-hover" openDelay={50} closeDelay={150} position="bottom-start" withinPortal>
            <Menu.Target>
              <Button
                variant={containsPath(node, path) ? 'light' : 'subtle'}
                rightSection={<IconChevronDown size={14} />}
                data-testid={`menu-${node.enCode}`}
              >
                {node.title}
              </Button>
            </Menu.Target>
            <Menu.Dropdown data-testid={`menu-dropdown-${node.enCode}`}>
              <MenuEntries nodes={node.children} activate={activate} />
            </Menu.Dropdown>
          </Menu>
        ) : (
          <Button key={node.id} variant={node.path === path ? 'light' : 'subtle'} onClick={() => activate(node)} data-testid={`menu-${node.enCode}`}>
            {node.title}
          </Button>
        ),
      )}
    </Group>
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
