import { NavLink, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../../components/icons';
import { isNavItemActive, selectNavAreas } from '../nav-items';
import type { NavArea, NavItem } from '../nav-items';

export interface AppNavigationProps {
  isSuper: boolean;
  /** Runs after a page is chosen, e.g. to close the menu on phones. */
  onNavigate: () => void;
}

/** Links to every area of the app; a group starts open when the current page is in it. */
export function AppNavigation({ isSuper, onNavigate }: AppNavigationProps) {
  const { pathname } = useLocation();
  return (
    <Stack gap={2}>
      {selectNavAreas(isSuper).map((area) =>
        area.items ? (
          <NavGroup
            key={area.label}
            area={area}
            items={area.items}
            pathname={pathname}
            onNavigate={onNavigate}
          />
        ) : (
          <PageLink
            key={area.label}
            item={{ label: area.label, to: area.to ?? '/' }}
            area={area}
            pathname={pathname}
            onNavigate={onNavigate}
          />
        ),
      )}
    </Stack>
  );
}

interface NavGroupProps {
  area: NavArea;
  items: readonly NavItem[];
  pathname: string;
  onNavigate: () => void;
}

function NavGroup({ area, items, pathname, onNavigate }: NavGroupProps) {
  const [isOpened, setOpened] = useState(() => items.some((item) => isNavItemActive(pathname, item.to)));
  return (
    <NavLink
      component="button"
      type="button"
      label={area.label}
      leftSection={<Icon name={area.icon} />}
      opened={isOpened}
      onChange={setOpened}
      aria-expanded={isOpened}
      childrenOffset={28}
    >
      {items.map((item) => (
        <PageLink key={item.to} item={item} pathname={pathname} onNavigate={onNavigate} />
      ))}
    </NavLink>
  );
}

interface PageLinkProps {
  item: NavItem;
  /** Set for a top-level page, whose icon it shows. */
  area?: NavArea;
  pathname: string;
  onNavigate: () => void;
}

function PageLink({ item, area, pathname, onNavigate }: PageLinkProps) {
  const isActive = isNavItemActive(pathname, item.to);
  return (
    <NavLink
      component={Link}
      to={item.to}
      label={item.label}
      leftSection={area ? <Icon name={area.icon} /> : undefined}
      active={isActive}
      aria-current={isActive ? 'page' : undefined}
      onClick={onNavigate}
    />
  );
}
