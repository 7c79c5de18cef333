import { Menu, NavLink, Stack, Tooltip, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { MenuNode } from '../../runtime/menu/routes';
import { containsPath } from './menu-logic';
import { MenuIcon } from './MenuIcon';
import { useActivateMenu } from './useActivateMenu';
import classes from './shell.module.css';

/** The sidebar menu: a tree of links, or icons with fly-out menus when collapsed. */
export function SideMenu({ nodes, collapsed, side, onNavigate }: { nodes: MenuNode[]; collapsed: boolean; side: 'dark' | 'light'; onNavigate?: () => void }) {
  const [path] = useLocation();
  const activate = useActivateMenu();
  const open = (node: MenuNode) => {
    activate(node);
    onNavigate?.();
  };
  if (collapsed) {
    return (
      <Stack gap={4} align="center" py="xs" data-testid="side-menu" data-collapsed="true" className={classes[side]}>
        {nodes.map((node) =>
          node.children.length > 0 ? (
            <Menu key={node.id} position="right-start" trigger="click-hover" withinPortal offset={8}>
              <Menu.Target>
                <UnstyledButton className={classes.iconItem} data-active={containsPath(node, path)} data-testid={`side-${node.enCode}`} aria-label={node.title}>
                  <MenuIcon node={node} />
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{node.title}</Menu.Label>
                <FlyOut nodes={node.children} open={open} />
              </Menu.Dropdown>
            </Menu>
          ) : (
            <Tooltip key={node.id} label={node.title} position="right" withinPortal>
              <UnstyledButton className={classes.iconItem} data-active={node.path === path} onClick={() => open(node)} data-testid={`side-${node.enCode}`} aria-label={node.title}>
                <MenuIcon node={node} />
              </UnstyledButton>
            </Tooltip>
          ),
        )}
      </Stack>
    );
  }
  return (
    <div data-testid="side-menu" data-collapsed="false" className={classes[side]}>
      <Tree nodes={nodes} path={path} open={open} depth={0} />
    </div>
  );
}

function FlyOut({ nodes, open }: { nodes: MenuNode[]; open: (n: MenuNode) => void }) {
  return (
    <>
      {nodes.map((node) =>
        node.children.length > 0 ? (
          <Menu.Sub key={node.id}>
            <Menu.Sub.Target>
              <Menu.Sub.Item data-testid={`side-${node.enCode}`}>{node.title}</Menu.Sub.Item>
            </Menu.Sub.Target>
            <Menu.Sub.Dropdown>
              <FlyOut nodes={node.children} open={open} />
            </Menu.Sub.Dropdown>
          </Menu.Sub>
        ) : (
          <Menu.Item key={node.id} onClick={() => open(node)} data-testid={`side-${node.enCode}`}>
            {node.title}
          </Menu.Item>
        ),
      )}
    </>
  );
}

/**
 * The expanded tree. Entries are buttons (Mantine's NavLink is an `<a>` without href, which
 * the keyboard never reaches): a directory says whether it is expanded, the current page's
 * entry carries aria-current.
 */
function Tree({ nodes, path, open, depth }: { nodes: MenuNode[]; path: string; open: (n: MenuNode) => void; depth: number }) {
  return (
    <>
      {nodes.map((node) =>
        node.children.length > 0 ? (
          <Directory key={node.id} node={node} path={path} open={open} depth={depth} />
        ) : (
          <NavLink
            key={node.id}
            component="button"
            label={node.title}
            leftSection={depth === 0 ? <MenuIcon node={node} size={16} /> : undefined}
            active={node.path === path}
            aria-current={node.path === path ? 'page' : undefined}
            onClick={() => open(node)}
            className={classes.navLink}
            data-testid={`side-${node.enCode}`}
          />
        ),
      )}
    </>
  );
}

function Directory({ node, path, open, depth }: { node: MenuNode; path: string; open: (n: MenuNode) => void; depth: number }) {
  const [opened, setOpened] = useState(() => containsPath(node, path));
  return (
    <NavLink
      component="button"
      label={node.title}
      leftSection={depth === 0 ? <MenuIcon node={node} size={16} /> : undefined}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      className={classes.navLink}
      data-testid={`side-${node.enCode}`}
      childrenOffset={14}
    >
      <Tree nodes={node.children} path={path} open={open} depth={depth + 1} />
    </NavLink>
  );
}
